import { Alert, Button, Card, DatePicker, Descriptions, Flex, Form, Grid, Input, Skeleton, Typography } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useState } from 'react';
import type { Expediente } from '@ecodigital/contracts/expedientes';
import type { PlazoExpediente } from '@ecodigital/contracts/plazos';
import { describirPlazo, LIMITES_PLAZO } from '@ecodigital/contracts/plazos.rules';
import { FormModal } from '../../../components/FormModal';
import { formatNumber } from '../../../lib/format';
import { diaEs, Vencimiento } from '../../../components/Vencimiento';
import { reglasMotivo, textoNormalizado } from '../../../lib/text-rules';
import { useCambiarPlazo, usePlazo, type CambioPlazo } from '../api/plazo';

const dias = (n: number) => (n === 1 ? '1 día hábil' : `${formatNumber(n)} días hábiles`);

/** «Quedan 4 días hábiles», «Vence hoy», «Vencido hace 2 días hábiles», frozen while suspended. */
export function restantes(plazo: PlazoExpediente): string {
  if (plazo.estado === 'concluido') return 'El expediente ya no está en tramitación.';
  if (plazo.estado === 'suspendido') return `Suspendido: quedaban ${dias(plazo.dias_restantes)}.`;
  if (plazo.dias_restantes < 0) return `Vencido hace ${dias(-plazo.dias_restantes)}.`;
  if (plazo.dias_restantes === 0) return plazo.estado === 'vencido' ? 'Vencido.' : 'Vence hoy.';
  return plazo.dias_restantes === 1 ? 'Queda 1 día hábil.' : `Quedan ${dias(plazo.dias_restantes)}.`;
}

type Accion = CambioPlazo['accion'];

const TITULOS: Record<Accion, { title: string; ok: string; detalle: string }> = {
  suspender: {
    title: 'Suspender el plazo',
    ok: 'Suspender',
    detalle: 'El cómputo se detiene hoy; al reanudarlo, el vencimiento se mueve los días hábiles que estuvo detenido.',
  },
  reanudar: {
    title: 'Reanudar el plazo',
    ok: 'Reanudar',
    detalle: 'El cómputo sigue desde hoy con los días hábiles que quedaban.',
  },
  inicio: {
    title: 'Cambiar el inicio del cómputo',
    ok: 'Guardar',
    detalle:
      'El plazo se cuenta desde el día siguiente al indicado (p. ej. la entrada de la solicitud en el registro).',
  },
};

interface Valores {
  motivo?: string;
  inicio?: Dayjs;
}

function PlazoModal({
  accion,
  inicioActual,
  saving,
  onConfirm,
  onClose,
}: {
  accion: Accion | null;
  inicioActual: string;
  saving: boolean;
  onConfirm: (cambio: CambioPlazo) => Promise<unknown>;
  onClose: () => void;
}) {
  const [mostrada, setMostrada] = useState(accion);
  if (accion && accion !== mostrada) setMostrada(accion);
  const textos = mostrada ? TITULOS[mostrada] : null;

  async function submit({ motivo, inicio }: Valores) {
    if (!mostrada) return;
    const texto = textoNormalizado(motivo, 'parrafos') ?? '';
    const cambio: CambioPlazo =
      mostrada === 'inicio'
        ? { accion: 'inicio', motivo: texto, inicio: inicio!.format('YYYY-MM-DD') }
        : { accion: mostrada, motivo: texto };
    await onConfirm(cambio).then(onClose, () => {});
  }

  return (
    <FormModal<Valores>
      title={textos?.title}
      open={accion !== null}
      okText={textos?.ok}
      confirmLoading={saving}
      onCancel={onClose}
      form={{
        name: 'plazo',
        onFinish: submit,
        initialValues: mostrada === 'inicio' ? { inicio: dayjs(inicioActual) } : {},
      }}
    >
      {textos && <Typography.Paragraph>{textos.detalle}</Typography.Paragraph>}
      {mostrada === 'inicio' && (
        <Form.Item name="inicio" label="Inicio del cómputo" rules={[{ required: true, message: 'Indique el día.' }]}>
          <DatePicker
            format="DD/MM/YYYY"
            disabledDate={(dia) => dia.isAfter(dayjs(), 'day')}
            style={{ width: '100%' }}
          />
        </Form.Item>
      )}
      <Form.Item
        name="motivo"
        label="Motivo"
        required
        rules={reglasMotivo({ min: LIMITES_PLAZO.motivoMin, max: LIMITES_PLAZO.motivoMax })}
      >
        <Input.TextArea rows={3} maxLength={LIMITES_PLAZO.motivoMax} showCount />
      </Form.Item>
    </FormModal>
  );
}

/**
 * The plazo de resolución of an expediente whose tipo carries one: its last day, the working days
 * left, the suspension; whoever may change the expediente suspends, resumes or moves the start.
 */
export function PlazoCard({ expediente, puedeCambiar }: { expediente: Expediente; puedeCambiar: boolean }) {
  const id = expediente.id_expediente;
  const consulta = usePlazo(id, expediente.plazo !== null);
  const cambiar = useCambiarPlazo(id);
  const [accion, setAccion] = useState<Accion | null>(null);
  const narrow = Grid.useBreakpoint().sm === false;
  if (expediente.plazo === null) return null;
  const plazo = consulta.data;

  const acciones =
    puedeCambiar && plazo && plazo.estado !== 'concluido' ? (
      <Flex gap={8} wrap>
        {plazo.suspendido_desde ? (
          <Button onClick={() => setAccion('reanudar')}>Reanudar plazo</Button>
        ) : (
          <>
            {plazo.estado !== 'vencido' && <Button onClick={() => setAccion('suspender')}>Suspender plazo</Button>}
            <Button onClick={() => setAccion('inicio')}>Cambiar inicio</Button>
          </>
        )}
      </Flex>
    ) : undefined;

  return (
    <Card
      title="Plazo de resolución"
      style={{ marginBottom: 16 }}
      data-testid="expediente-plazo"
      extra={narrow ? undefined : acciones}
    >
      {consulta.isError ? (
        <Alert
          type="error"
          showIcon
          title="No se pudo cargar el plazo."
          action={<Button onClick={() => void consulta.refetch()}>Reintentar</Button>}
        />
      ) : !plazo ? (
        <Skeleton active paragraph={{ rows: 2 }} title={false} />
      ) : (
        <Descriptions bordered column={{ xs: 1, lg: 3 }} size="small" layout={narrow ? 'vertical' : 'horizontal'}>
          <Descriptions.Item label="Vence">
            <Vencimiento plazo={plazo} />
          </Descriptions.Item>
          <Descriptions.Item label="Días hábiles">
            <span data-testid="plazo-restantes">{restantes(plazo)}</span>
          </Descriptions.Item>
          <Descriptions.Item label="Plazo">
            {describirPlazo(plazo)} desde el {diaEs(plazo.inicio)}
            {plazo.dias_suspendidos > 0 && ` (+${dias(plazo.dias_suspendidos)} de suspensión)`}
          </Descriptions.Item>
          {plazo.suspendido_desde && (
            <Descriptions.Item label="Suspendido desde" span="filled">
              {diaEs(plazo.suspendido_desde)}: {plazo.motivo_suspension}
            </Descriptions.Item>
          )}
        </Descriptions>
      )}
      {narrow && acciones && <div style={{ marginTop: 12 }}>{acciones}</div>}
      <PlazoModal
        accion={accion}
        inicioActual={plazo?.inicio ?? dayjs().format('YYYY-MM-DD')}
        saving={cambiar.isPending}
        onConfirm={(cambio) => cambiar.mutateAsync(cambio)}
        onClose={() => setAccion(null)}
      />
    </Card>
  );
}
