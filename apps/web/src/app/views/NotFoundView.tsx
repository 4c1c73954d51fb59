import { Button, Result } from 'antd';
import { useNavigate } from 'react-router';

export function NotFoundView() {
  const navigate = useNavigate();
  return (
    <Result
      status="404"
      title="Página no encontrada"
      subTitle="La dirección que buscaba no existe o ha cambiado."
      extra={
        <Button type="primary" onClick={() => void navigate('/')}>
          Volver al inicio
        </Button>
      }
    />
  );
}
