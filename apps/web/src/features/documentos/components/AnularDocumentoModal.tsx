import { Form, Input, Typography } from 'antd';
import { useState } from 'react';
import type { Documento } from '@ecodigital/contracts/documentos';
import { LIMITES_DOCUMENTO } from '@ecodigital/contracts/documentos.rules';
import { normalizarTexto } from '@ecodigital/contracts/texto.rules';
import { reglasMotivo } from '../../../lib/text-rules';
import { FormModal } from '../../../components/FormModal';

const { motivoAnulacionMin: MIN, motivoAnulacionMax: MAX } = LIMITES_DOCUMENTO;

interface Props {
  documento: Documento | null;
  saving: boolean;
  onConfirm: (motivo: string) => Promise<unknown>;
  onClose: () => void;
}

/** Asks the reason before marking a document void; it keeps its place in the índice. */
export function AnularDocumentoModal({ documento: requested, saving, onConfirm, onClose }: Props) {
  // The last document asked for stays on screen while the dialog closes.
  const [documento, setDocumento] = useState(requested);
  if (requested && requested !== documento) setDocumento(requested);

  async function submit({ motivo }: { motivo: string }) {
    try {
      await onConfirm(normalizarTexto(motivo, 'parrafos'));
      onClose();
    } catch {
      // The client already toasted the server's message; the dialog stays open to correct it.
    }
  }

  return (
    <FormModal
      title="Anular documento"
      open={requested !== null}
      okText="Anular"
      confirmLoading={saving}
      onCancel={onClose}
      okButtonProps={{ danger: true }}
      maskClosable
      form={{ name: 'anular-documento', onFinish: submit }}
    >
      {documento && (
        <>
          <Typography.Paragraph>
            Nº {documento.orden} · <Typography.Text strong>{documento.nombre}</Typography.Text>. El documento no se
            borra: queda en el índice marcado como anulado.
          </Typography.Paragraph>
          <Form.Item name="motivo" label="Motivo de la anulación" required rules={reglasMotivo({ min: MIN, max: MAX })}>
            <Input.TextArea rows={3} maxLength={MAX} showCount autoFocus />
          </Form.Item>
        </>
      )}
    </FormModal>
  );
}
