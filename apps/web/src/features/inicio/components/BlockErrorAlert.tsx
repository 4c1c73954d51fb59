import { Alert, Button } from 'antd';

export interface BlockErrorProps {
  what: string;
  onRetry: () => void;
}

export default function BlockErrorAlert({ what, onRetry }: BlockErrorProps) {
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
