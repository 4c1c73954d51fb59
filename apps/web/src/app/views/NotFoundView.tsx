import { Button, Result } from 'antd';
import { useNavigate } from 'react-router';
import { ResultTitle } from '../../components/ResultTitle';

export function NotFoundView() {
  const navigate = useNavigate();
  return (
    <Result
      status="404"
      title={<ResultTitle>Página no encontrada</ResultTitle>}
      subTitle="La dirección que buscaba no existe o ha cambiado."
      extra={
        <Button type="primary" onClick={() => navigate('/')}>
          Volver al inicio
        </Button>
      }
    />
  );
}
