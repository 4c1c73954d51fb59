import { Button, Result } from 'antd';
import { useNavigate } from 'react-router';
import { ResultTitle } from '../../components/ResultTitle';

export function ForbiddenView() {
  const navigate = useNavigate();
  return (
    <Result
      status="403"
      title={<ResultTitle>Sin permiso</ResultTitle>}
      subTitle="No tiene permiso para acceder a esta sección."
      extra={
        <Button type="primary" onClick={() => void navigate('/')}>
          Volver al inicio
        </Button>
      }
    />
  );
}
