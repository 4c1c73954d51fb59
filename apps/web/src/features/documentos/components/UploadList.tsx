import { Button, Flex, Grid, Select, Table, Typography, type TableColumnsType } from 'antd';
import { useState } from 'react';
import type { CatalogoItem } from '@ecodigital/contracts/expedientes';
import { formatFileSize } from '../../../lib/format-size';
import { isEditable, type ArchivoEnCola } from '../upload-queue';
import { UploadResult } from './UploadResult';
import { selectClear } from '../../../components/clear-buttons';
import { matchesOption } from '../../../lib/option-match';

interface Props {
  items: ArchivoEnCola[];
  tipos: CatalogoItem[];
  tiposLoading: boolean;
  onTipo: (uid: string, id_tipo_documental: number | undefined) => void;
  onTipoATodos: (id_tipo_documental: number) => void;
  onCancel: (uid: string) => void;
  onRemove: (uid: string) => void;
}

/** The chosen files: per file its tipo documental, size, pre-check, progress and outcome. */
export function UploadList({ items, tipos, tiposLoading, onTipo, onTipoATodos, onCancel, onRemove }: Props) {
  const [tipoParaTodos, setTipoParaTodos] = useState<number>();
  const tipoOptions = tipos.map((tipo) => ({ value: tipo.id, label: tipo.nombre }));
  // Five columns need about 800 px: below a tablet's width each file is one cell, its parts stacked.
  const narrow = Grid.useBreakpoint().md === false;

  const nombre = (item: ArchivoEnCola) => (
    <Typography.Text style={{ overflowWrap: 'anywhere' }} data-testid="subida-nombre">
      {item.file.name}
    </Typography.Text>
  );
  const tipo = (item: ArchivoEnCola) => (
    <Select<number>
      id={`tipo-documental-${item.uid}`}
      aria-label={`Tipo documental de ${item.file.name}`}
      placeholder="Seleccione…"
      value={item.id_tipo_documental}
      options={tipoOptions}
      showSearch={{ filterOption: matchesOption }}
      loading={tiposLoading}
      allowClear={selectClear(`Quitar el tipo documental de ${item.file.name}`)}
      status={item.faltaTipo ? 'error' : undefined}
      disabled={!isEditable(item) || item.avisos.length > 0}
      onChange={(value) => onTipo(item.uid, value ?? undefined)}
      style={{ width: '100%' }}
    />
  );
  // A file already stored belongs to the expediente: it is annulled there, not removed from here.
  const accion = (item: ArchivoEnCola) =>
    item.estado === 'subido' ? null : item.estado === 'enviando' || item.estado === 'en_cola' ? (
      <Button size="small" danger onClick={() => onCancel(item.uid)} aria-label={`Cancelar ${item.file.name}`}>
        Cancelar
      </Button>
    ) : (
      <Button size="small" type="text" onClick={() => onRemove(item.uid)} aria-label={`Quitar ${item.file.name}`}>
        Quitar
      </Button>
    );

  const columns: TableColumnsType<ArchivoEnCola> = narrow
    ? [
        {
          title: 'Archivos',
          key: 'archivo',
          render: (_, item) => (
            <Flex vertical gap={8}>
              <Flex justify="space-between" align="baseline" gap={8}>
                {nombre(item)}
                <Typography.Text type="secondary" style={{ whiteSpace: 'nowrap' }}>
                  {formatFileSize(item.file.size)}
                </Typography.Text>
              </Flex>
              {tipo(item)}
              <Flex justify="space-between" align="center" gap={8} wrap>
                <UploadResult item={item} />
                {accion(item)}
              </Flex>
            </Flex>
          ),
        },
      ]
    : [
        { title: 'Archivo', key: 'nombre', render: (_, item) => nombre(item) },
        {
          title: 'Tamaño',
          key: 'tamano',
          width: 110,
          align: 'right',
          render: (_, item) => formatFileSize(item.file.size),
        },
        { title: 'Tipo documental', key: 'tipo', width: 210, render: (_, item) => tipo(item) },
        { title: 'Estado', key: 'estado', width: 320, render: (_, item) => <UploadResult item={item} /> },
        { title: 'Acciones', key: 'acciones', width: 110, render: (_, item) => accion(item) },
      ];

  return (
    <Flex vertical gap={12}>
      <Flex gap={8} align="center" wrap>
        <Typography.Text>Tipo documental para todos:</Typography.Text>
        <Select<number>
          id="tipo-documental-todos"
          aria-label="Tipo documental para todos"
          placeholder="Seleccione…"
          value={tipoParaTodos}
          options={tipoOptions}
          showSearch={{ filterOption: matchesOption }}
          onChange={setTipoParaTodos}
          style={{ width: 210, maxWidth: '100%' }}
        />
        <Button
          disabled={tipoParaTodos === undefined}
          onClick={() => tipoParaTodos !== undefined && onTipoATodos(tipoParaTodos)}
        >
          Aplicar a todos
        </Button>
      </Flex>
      <Table<ArchivoEnCola>
        rowKey="uid"
        size="middle"
        columns={columns}
        dataSource={items}
        pagination={false}
        data-testid="subida-lista"
        onRow={(item) =>
          ({ 'data-testid': 'subida-fila', 'data-estado': item.estado }) as React.HTMLAttributes<HTMLElement>
        }
      />
    </Flex>
  );
}
