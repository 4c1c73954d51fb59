import { Alert, Button, Card, Descriptions, Flex, Grid, Popconfirm, Progress, Space, Table, Typography } from 'antd';
import { formatDateTime } from '../../../lib/format';
import { useIndiceTexto } from '../api/get-indice-texto';
import { useReindexar } from '../api/reindexar';

const numero = new Intl.NumberFormat('es-ES', { useGrouping: 'always' } as Intl.NumberFormatOptions);

/**
 * The text index for administrators (permission `administracion.indice`): documents per state,
 * the last errors and the re-indexing with its progress. Self-contained, to be mounted under the
 * administration area.
 */
export function IndiceTextoAdmin() {
  const indice = useIndiceTexto();
  const ancha = Grid.useBreakpoint().md !== false;
  const reindexar = useReindexar();
  if (indice.isError) return <Alert type="error" showIcon title="No se pudo cargar el estado del índice de texto." />;
  const datos = indice.data;
  const enCurso = datos?.reindexado && !datos.reindexado.terminado;
  const r = datos?.reindexado;
  return (
    <Card title="Índice de texto de los documentos" loading={indice.isPending} data-testid="indice-texto-admin">
      {datos && (
        <Flex vertical gap={16}>
          {!datos.ocrDisponible && (
            <Alert
              type="warning"
              showIcon
              title="OCR no disponible: instale el paquete de Debian tesseract-ocr-spa en el servidor."
            />
          )}
          <Descriptions size="small" column={{ xs: 1, sm: 2, md: 5 }} bordered>
            <Descriptions.Item label="Indexados">{numero.format(datos.porEstado.indexado)}</Descriptions.Item>
            <Descriptions.Item label="Pendientes">{numero.format(datos.porEstado.pendiente)}</Descriptions.Item>
            <Descriptions.Item label="En proceso">{numero.format(datos.enProceso)}</Descriptions.Item>
            <Descriptions.Item label="Sin texto">{numero.format(datos.porEstado.sin_texto)}</Descriptions.Item>
            <Descriptions.Item label="Con error">{numero.format(datos.porEstado.error)}</Descriptions.Item>
          </Descriptions>
          {r && (
            <div>
              <Typography.Text>
                {enCurso ? 'Reindexado en curso' : 'Último reindexado'} (
                {r.modo === 'vectores' ? 'vectores' : 'extracción completa'}), iniciado el {formatDateTime(r.iniciado)}{' '}
                por {r.solicitado_por}
                {r.terminado ? `, terminado el ${formatDateTime(r.terminado)}` : ''}.
              </Typography.Text>
              <Progress
                percent={r.total === 0 ? 100 : Math.floor((r.hechos / r.total) * 100)}
                status={enCurso ? 'active' : 'success'}
                aria-label="Avance del reindexado"
              />
            </div>
          )}
          <Space wrap>
            <Popconfirm
              title="¿Reindexar el texto guardado de todos los documentos?"
              okText="Reindexar"
              cancelText="Cancelar"
              onConfirm={() => reindexar.mutate({ modo: 'vectores' })}
            >
              <Button type="primary" disabled={Boolean(enCurso)} loading={reindexar.isPending}>
                Reindexar
              </Button>
            </Popconfirm>
            <Popconfirm
              title="¿Volver a leer todos los archivos? Con OCR puede tardar horas."
              okText="Volver a extraer"
              cancelText="Cancelar"
              onConfirm={() => reindexar.mutate({ modo: 'extraccion' })}
            >
              <Button disabled={Boolean(enCurso)}>Volver a extraer el texto</Button>
            </Popconfirm>
          </Space>
          {datos.errores.length > 0 && !ancha && (
            // On a phone a table would push the reason out of sight: one block per document.
            <Flex vertical gap={12} data-testid="indice-errores">
              <Typography.Text strong>Últimos documentos con error</Typography.Text>
              {datos.errores.map((fila) => (
                <Flex vertical gap={2} key={fila.id_documento}>
                  <Typography.Text>
                    {fila.numero} · {fila.nombre}
                  </Typography.Text>
                  <Typography.Text>{fila.motivo}</Typography.Text>
                  <Typography.Text type="secondary">{formatDateTime(fila.actualizado)}</Typography.Text>
                </Flex>
              ))}
            </Flex>
          )}
          {datos.errores.length > 0 && ancha && (
            <Table
              size="small"
              rowKey="id_documento"
              pagination={false}
              caption="Últimos documentos con error"
              dataSource={datos.errores}
              columns={[
                { title: 'Expediente', dataIndex: 'numero', key: 'numero' },
                { title: 'Documento', dataIndex: 'nombre', key: 'nombre' },
                { title: 'Motivo', dataIndex: 'motivo', key: 'motivo' },
                { title: 'Fecha', key: 'fecha', render: (_, fila) => formatDateTime(fila.actualizado) },
              ]}
            />
          )}
        </Flex>
      )}
    </Card>
  );
}
