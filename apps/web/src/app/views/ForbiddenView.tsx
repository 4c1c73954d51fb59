import { Button, Result } from 'antd';
import { useNavigate } from 'react-router';

export function ForbiddenView() {
  const navigate = useNavigate();
  return (
    <Result
      status="403"
      title="Sin permiso"
      subTitle="No tiene permiso para acceder a esta sección."
      extra={
        <Button type="primary" onClick={() => void navigate('/')}>
          Volver al inicio
        </Button>
      }
    />
  );
}
