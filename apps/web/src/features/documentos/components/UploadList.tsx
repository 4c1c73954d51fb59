import { Button, Flex, Select, Table, Typography, type TableColumnsType } from 'antd';
import { useState } from 'react';
import type { CatalogoItem } from '@ecodigital/contracts/expedientes';
import { formatFileSize } from '../../../lib/format-size';
import { isEditable, type ArchivoEnCola } from '../upload-queue';
import { UploadResult } from './UploadResult';

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

  const columns: TableColumnsType<ArchivoEnCola> = [
    {
      title: 'Archivo',
      key: 'nombre',
      render: (_, item) => (
        <Typography.Text style={{ wordBreak: 'break-all' }} data-testid="subida-nombre">
          {item.file.name}
        </Typography.Text>
      ),
    },
    { title: 'Tamaño', key: 'tamano', width: 110, align: 'right', render: (_, item) => formatFileSize(item.file.size) },
    {
      title: 'Tipo documental',
      key: 'tipo',
      width: 210,
      render: (_, item) => (
        <Select<number>
          id={`tipo-documental-${item.uid}`}
          aria-label={`Tipo documental de ${item.file.name}`}
          placeholder="Seleccione…"
          value={item.id_tipo_documental}
          options={tipoOptions}
          loading={tiposLoading}
          allowClear
          status={item.faltaTipo ? 'error' : undefined}
          disabled={!isEditable(item) || item.avisos.length > 0}
          onChange={(value) => onTipo(item.uid, value ?? undefined)}
          style={{ width: '100%' }}
        />
      ),
    },
    { title: 'Estado', key: 'estado', width: 320, render: (_, item) => <UploadResult item={item} /> },
    {
      title: 'Acciones',
      key: 'acciones',
      width: 110,
      render: (_, item) =>
        item.estado === 'enviando' || item.estado === 'en_cola' ? (
          <Button size="small" danger onClick={() => onCancel(item.uid)} aria-label={`Cancelar ${item.file.name}`}>
            Cancelar
          </Button>
        ) : (
          <Button size="small" type="text" onClick={() => onRemove(item.uid)} aria-label={`Quitar ${item.file.name}`}>
            Quitar
          </Button>
        ),
    },
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
          onChange={setTipoParaTodos}
          style={{ width: 210 }}
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
