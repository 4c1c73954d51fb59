import { Button, Result } from 'antd';
import { useLocation, useNavigate } from 'react-router';
import { ResultTitle } from '../../components/ResultTitle';

function legible(pathname: string): string {
  try {
    return decodeURI(pathname);
  } catch {
    return pathname; // a malformed escape: shown as it came
  }
}

export function NotFoundView() {
  const navigate = useNavigate();
  // What the person typed or followed, so they can see the slip («/expedeintes»).
  const { pathname } = useLocation();
  return (
    <Result
      status="404"
      title={<ResultTitle>Página no encontrada</ResultTitle>}
      subTitle={
        <span data-testid="pagina-no-encontrada">{`No hay ninguna página en «${legible(pathname)}»: la dirección no existe o ha cambiado.`}</span>
      }
      extra={
        <Button type="primary" onClick={() => void navigate('/')}>
          Volver al inicio
        </Button>
      }
    />
  );
}
