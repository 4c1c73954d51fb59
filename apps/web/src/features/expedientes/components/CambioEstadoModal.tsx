import { Form, Input, Typography } from 'antd';
import { useState } from 'react';
import type { CambiarEstado, Expediente } from '@ecodigital/contracts/expedientes';
import { ESTADO_ETIQUETAS, LIMITES_EXPEDIENTE } from '@ecodigital/contracts/expedientes.rules';
import type { AccionTransicion, Transicion } from '../access';
import { isApiError } from '../../../lib/api-client';
import { FormModal } from '../../../components/FormModal';
import { reglasTexto, textoNormalizado } from '../../../lib/text-rules';

const CONFIRMACIONES: Record<AccionTransicion, { title: string; detail: string }> = {
  pasar_a_tramite: { title: '¿Pasar el expediente a trámite?', detail: 'El expediente quedará en trámite.' },
  cerrar: { title: '¿Cerrar el expediente?', detail: 'Un expediente cerrado no se puede editar ni recibe documentos.' },
  reabrir: {
    title: 'Reabrir el expediente',
    detail: 'El expediente volverá a estar en trámite. Indique el motivo de la reapertura.',
  },
  archivar: { title: '¿Archivar el expediente?', detail: 'Un expediente archivado ya no admite cambios de estado.' },
};

interface Props {
  expediente: Expediente;
  transicion: Transicion | null;
  saving: boolean;
  onConfirm: (body: CambiarEstado) => Promise<unknown>;
  onClose: () => void;
}

/** Confirms a state change and asks for the reason where the life cycle wants one. */
export function CambioEstadoModal({ expediente, transicion: requested, saving, onConfirm, onClose }: Props) {
  // The last transition asked for stays on screen while the dialog closes.
  const [transicion, setTransicion] = useState(requested);
  if (requested && requested !== transicion) setTransicion(requested);
  const confirmacion = transicion ? CONFIRMACIONES[transicion.accion] : null;

  async function submit({ motivo }: { motivo?: string }) {
    if (!transicion) return;
    const texto = textoNormalizado(motivo, 'parrafos');
    try {
      await onConfirm({ estado: transicion.hacia, version: expediente.version, ...(texto ? { motivo: texto } : {}) });
      onClose();
    } catch (error) {
      // A conflict means the expediente changed meanwhile: it is being reloaded, this choice is void.
      if (isApiError(error) && error.response?.status === 409) onClose();
    }
  }

  return (
    <FormModal
      title={confirmacion?.title}
      open={requested !== null}
      okText={transicion?.etiqueta}
      confirmLoading={saving}
      onCancel={onClose}
      okButtonProps={{ danger: transicion?.accion === 'archivar' }}
      maskClosable
      form={{ name: 'cambio-estado', onFinish: submit }}
    >
      {transicion && confirmacion && (
        <>
          <Typography.Paragraph>
            {expediente.numero}: {ESTADO_ETIQUETAS[expediente.estado]} → {ESTADO_ETIQUETAS[transicion.hacia]}.{' '}
            {confirmacion.detail}
          </Typography.Paragraph>
          {transicion.motivo !== 'no' && (
            <Form.Item
              name="motivo"
              label={transicion.motivo === 'requerido' ? 'Motivo' : 'Motivo (opcional)'}
              required={transicion.motivo === 'requerido'}
              rules={reglasTexto(
                { max: LIMITES_EXPEDIENTE.motivoMax, forma: 'parrafos' },
                'El motivo',
                transicion.motivo === 'requerido' ? 'Indique el motivo.' : undefined,
              )}
            >
              <Input.TextArea rows={3} maxLength={LIMITES_EXPEDIENTE.motivoMax} showCount autoFocus />
            </Form.Item>
          )}
        </>
      )}
    </FormModal>
  );
}
