import { Alert, Button } from 'antd';

/** A block that failed says so in place, with a retry; the rest of Inicio keeps working. */
export function BlockError({ what, onRetry }: { what: string; onRetry: () => void }) {
  return (
    <Alert
      type="error"
      showIcon
      title={`No se pudo cargar ${what}.`}
      action={
        <Button size="small" onClick={onRetry}>
          Reintentar
        </Button>
      }
    />
  );
}
