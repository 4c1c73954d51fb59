import { Button, Card, Descriptions, Flex, Form, Grid, Input, Tag, Typography } from 'antd';
import { useState } from 'react';
import { describirRegla, LIMITES_RETENCION } from '@ecodigital/contracts/retencion.rules';
import { FormModal } from '../../../components/FormModal';
import { formatDate, formatDateTime } from '../../../lib/format';
import { reglasMotivo, textoNormalizado } from '../../../lib/text-rules';
import { hasPermiso } from '../../../session/permissions';
import { usePermisos } from '../../../session/session-query';
import { useCambiarRetencionLegal, useRetencionExpediente } from '../api/retencion-expediente';

type Accion = 'poner' | 'levantar';

const TEXTOS: Record<Accion, { title: string; ok: string; detalle: string }> = {
  poner: {
    title: 'Poner retención legal',
    ok: 'Poner retención',
    detalle: 'Mientras dure, el expediente no se puede eliminar aunque se cumpla su plazo de conservación.',
  },
  levantar: {
    title: 'Levantar retención legal',
    ok: 'Levantar retención',
    detalle: 'Sin retención, el expediente vuelve a quedar pendiente de dictamen si su plazo se cumplió.',
  },
};

/**
 * What retention says of an expediente: its rule, the tags «Pendiente de dictamen», «Retención
 * legal» and «Eliminado (acta N)»; whoever has `retencion.gestionar` sets or lifts the legal hold
 * with a motivo. Shown only when there is something to say or to do.
 */
export function RetencionCard({ id_expediente, onChanged }: { id_expediente: number; onChanged?: () => void }) {
  const consulta = useRetencionExpediente(id_expediente);
  const cambiar = useCambiarRetencionLegal(id_expediente, onChanged);
  const gestiona = hasPermiso(usePermisos(), 'retencion.gestionar');
  const [accion, setAccion] = useState<Accion | null>(null);
  const [mostrada, setMostrada] = useState<Accion>('poner');
  // As the plazo's card: on a narrow screen the action goes below, and labels above their values.
  const narrow = Grid.useBreakpoint().sm === false;
  if (accion && accion !== mostrada) setMostrada(accion);
  const retencion = consulta.data;
  if (!retencion) return null;
  const { regla, pendiente_dictamen, retencion_legal, eliminado } = retencion;
  if (!regla && !retencion_legal && !eliminado && !gestiona) return null;

  const tags = (
    <Flex gap={4} wrap>
      {pendiente_dictamen && <Tag color="orange">Pendiente de dictamen</Tag>}
      {retencion_legal && <Tag color="purple">Retención legal</Tag>}
      {eliminado && <Tag color="red">Eliminado (acta {eliminado.acta})</Tag>}
    </Flex>
  );
  const acciones =
    gestiona && !eliminado ? (
      retencion_legal ? (
        <Button onClick={() => setAccion('levantar')}>Levantar retención legal</Button>
      ) : (
        <Button onClick={() => setAccion('poner')}>Poner retención legal</Button>
      )
    ) : undefined;

  return (
    <Card
      title="Conservación"
      extra={narrow ? undefined : acciones}
      style={{ marginBottom: 16 }}
      data-testid="retencion-expediente"
    >
      <Descriptions
        bordered
        column={1}
        size="small"
        layout={narrow ? 'vertical' : 'horizontal'}
        items={[
          { key: 'regla', label: 'Regla de conservación', children: describirRegla(regla) },
          ...(pendiente_dictamen || retencion_legal || eliminado
            ? [{ key: 'estado', label: 'Situación', children: tags }]
            : []),
          ...(retencion_legal
            ? [
                {
                  key: 'retencion',
                  label: 'Motivo de la retención',
                  children: `Desde el ${formatDate(retencion_legal.puesta_en)}, por ${retencion_legal.puesta_por.nombre_completo}: ${retencion_legal.motivo}`,
                },
              ]
            : []),
          ...(eliminado
            ? [
                {
                  key: 'eliminado',
                  label: 'Eliminación',
                  children: (
                    <>
                      Contenido de los documentos eliminado por el acta{' '}
                      {/* A code: at 320 px it was cut at its hyphen («AE-» and «000001»). */}
                      <span style={{ whiteSpace: 'nowrap' }} data-testid="retencion-acta">
                        {eliminado.acta}
                      </span>{' '}
                      ({formatDateTime(eliminado.aprobada_en)}). Se conservan sus metadatos, el índice con las huellas y
                      el historial.
                    </>
                  ),
                },
              ]
            : []),
        ]}
      />
      {narrow && acciones && <div style={{ marginTop: 12 }}>{acciones}</div>}
      <FormModal<{ motivo?: string }>
        title={TEXTOS[mostrada].title}
        open={accion !== null}
        okText={TEXTOS[mostrada].ok}
        confirmLoading={cambiar.isPending}
        onCancel={() => setAccion(null)}
        form={{
          name: 'retencion-legal',
          onFinish: async ({ motivo }) =>
            cambiar.mutateAsync({ accion: mostrada, motivo: textoNormalizado(motivo, 'parrafos') ?? '' }).then(
              () => setAccion(null),
              () => {},
            ),
        }}
      >
        <Typography.Paragraph>{TEXTOS[mostrada].detalle}</Typography.Paragraph>
        <Form.Item
          name="motivo"
          label="Motivo"
          required
          rules={reglasMotivo({ min: LIMITES_RETENCION.motivoMin, max: LIMITES_RETENCION.motivoMax })}
        >
          <Input.TextArea rows={3} maxLength={LIMITES_RETENCION.motivoMax} showCount />
        </Form.Item>
      </FormModal>
    </Card>
  );
}
