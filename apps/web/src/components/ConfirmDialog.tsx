import { Modal } from 'antd';
import { useState, type ReactNode } from 'react';

interface Props {
  /** Null: closed. The last subject asked about stays on screen while the dialog closes. */
  subject: { title: string; content: ReactNode } | null;
  okText: string;
  /** Red button: the action takes something away (revoke, deactivate). */
  danger?: boolean;
  /** Resolves when done (the dialog closes); rejects when refused (the client already said why). */
  onConfirm: () => Promise<unknown>;
  onClose: () => void;
}

/** «Are you sure?» before a change that takes something away; Cancelar is the safe default. */
export function ConfirmDialog({ subject: requested, okText, danger, onConfirm, onClose }: Props) {
  const [subject, setSubject] = useState(requested);
  if (requested && requested !== subject) setSubject(requested);
  const [working, setWorking] = useState(false);

  async function confirm() {
    setWorking(true);
    try {
      await onConfirm();
    } catch {
      // The API client showed the server's message; the situation changed, nothing else to do here.
    } finally {
      setWorking(false);
      onClose();
    }
  }

  return (
    <Modal
      title={subject?.title}
      open={requested !== null}
      okText={okText}
      cancelText="Cancelar"
      okButtonProps={{ danger }}
      confirmLoading={working}
      onOk={() => void confirm()}
      onCancel={onClose}
      destroyOnHidden
    >
      {subject?.content}
    </Modal>
  );
}
