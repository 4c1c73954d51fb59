import { DownloadOutlined, SafetyCertificateOutlined } from '@ant-design/icons';
import { Alert, Button, Card, Descriptions, Flex, Form, Input, Typography } from 'antd';
import { useEffect, useState } from 'react';
import type { Verificacion } from '@ecodigital/contracts/verificacion';
import { agruparCsv, normalizarCsv, RUTA_VERIFICACION } from '@ecodigital/contracts/verificacion.rules';
import { formatDate, formatNumber } from '../../../lib/format';

const MAL_FORMADO =
  'El código no es válido: son 28 letras y cifras (sin I, O, 0 ni 1), como figuran en la copia. Revíselo.';
const SIN_RESPUESTA = 'No se pudo consultar el código. Compruebe la conexión e inténtelo de nuevo.';

type Estado =
  | { fase: 'inicio' }
  | { fase: 'consultando' }
  | { fase: 'encontrado'; verificacion: Verificacion }
  | { fase: 'error'; mensaje: string };

/** `GET /api/verificacion/:csv`, without a token: the API's Spanish message on a refusal. */
async function consultar(codigo: string): Promise<Estado> {
  try {
    const respuesta = await fetch(`/api/verificacion/${encodeURIComponent(codigo)}`, {
      headers: { accept: 'application/json' },
    });
    const cuerpo = (await respuesta.json().catch(() => null)) as
      { success: true; data: Verificacion } | { success: false; msg?: string } | null;
    if (respuesta.ok && cuerpo?.success) return { fase: 'encontrado', verificacion: cuerpo.data };
    return { fase: 'error', mensaje: (cuerpo && !cuerpo.success && cuerpo.msg) || SIN_RESPUESTA };
  } catch {
    return { fase: 'error', mensaje: SIN_RESPUESTA };
  }
}

/** The code in the address (`/verificacion/ABCD-…`), if any. */
const codigoDeLaRuta = () => decodeURIComponent(window.location.pathname.slice(RUTA_VERIFICACION.length + 1));

/**
 * The public page where anybody checks a copy by its Código Seguro de Verificación, without signing in
 * (decision 0394): what the code certifies and the copy itself.
 */
/** What the page starts with: the code in the address is looked up at once. */
function estadoInicial(): Estado {
  const inicial = codigoDeLaRuta();
  if (!inicial) return { fase: 'inicio' };
  return normalizarCsv(inicial) === null ? { fase: 'error', mensaje: MAL_FORMADO } : { fase: 'consultando' };
}

export function VerificacionPage() {
  const [escrito, setEscrito] = useState(codigoDeLaRuta);
  const [estado, setEstado] = useState<Estado>(estadoInicial);

  const verificar = async (texto: string) => {
    const codigo = normalizarCsv(texto);
    if (codigo === null) {
      setEstado({ fase: 'error', mensaje: MAL_FORMADO });
      return;
    }
    const agrupado = agruparCsv(codigo);
    setEscrito(agrupado);
    window.history.replaceState(null, '', `${RUTA_VERIFICACION}/${agrupado}`);
    setEstado({ fase: 'consultando' });
    setEstado(await consultar(codigo));
  };

  useEffect(() => {
    const codigo = normalizarCsv(codigoDeLaRuta());
    if (codigo !== null) void consultar(codigo).then(setEstado);
  }, []);

  return (
    <main className="verificacion-publica" style={{ maxWidth: 760, margin: '0 auto', padding: '32px 16px' }}>
      <Flex vertical gap={16}>
        <Typography.Title level={1} style={{ fontSize: 26, margin: 0 }}>
          <SafetyCertificateOutlined /> Verificación de documentos
        </Typography.Title>
        <Typography.Paragraph style={{ margin: 0 }}>
          Escriba el código seguro de verificación (CSV) que figura en la copia para comprobar qué documento certifica y
          descargar el original.
        </Typography.Paragraph>
        <Card>
          <Form layout="vertical" onFinish={() => void verificar(escrito)} requiredMark={false}>
            <Form.Item label="Código seguro de verificación" htmlFor="csv" style={{ marginBottom: 12 }}>
              <Input
                id="csv"
                value={escrito}
                onChange={(evento) => setEscrito(evento.target.value)}
                placeholder="ABCD-EFGH-JKLM-NPQR-STUV-WXYZ-2345"
                autoComplete="off"
                spellCheck={false}
                maxLength={64}
              />
            </Form.Item>
            <Button type="primary" htmlType="submit" loading={estado.fase === 'consultando'}>
              Verificar
            </Button>
          </Form>
        </Card>
        <div aria-live="polite">
          {estado.fase === 'error' && (
            <Alert type="error" showIcon title={estado.mensaje} data-testid="verificacion-error" />
          )}
          {estado.fase === 'encontrado' && <Resultado verificacion={estado.verificacion} />}
        </div>
      </Flex>
    </main>
  );
}

function Resultado({ verificacion }: { verificacion: Verificacion }) {
  const { organo, copia } = verificacion;
  return (
    <Card title="Código válido" data-testid="verificacion-resultado">
      <Flex vertical gap={16}>
        {verificacion.solo_desarrollo && (
          <Alert
            type="warning"
            showIcon
            title="Firmado con el sello de pruebas de un equipo de desarrollo: esta copia no tiene validez."
          />
        )}
        <Descriptions column={1} bordered size="small">
          <Descriptions.Item label="Documento">{verificacion.descripcion}</Descriptions.Item>
          <Descriptions.Item label="Expediente">{verificacion.expediente.numero}</Descriptions.Item>
          <Descriptions.Item label="Fecha de la firma">{formatDate(verificacion.firmado_en)}</Descriptions.Item>
          <Descriptions.Item label="Órgano">
            {organo.codigo_dir3 ? `${organo.nombre} (${organo.codigo_dir3})` : organo.nombre}
          </Descriptions.Item>
          <Descriptions.Item label="Firmado con">{verificacion.sello}</Descriptions.Item>
          <Descriptions.Item label="Código seguro de verificación">{verificacion.csv}</Descriptions.Item>
          <Descriptions.Item label="Copia">
            {copia.nombre} (PDF, {formatNumber(copia.tamano)} bytes)
          </Descriptions.Item>
          <Descriptions.Item label="Huella SHA-256">
            <Typography.Text code style={{ wordBreak: 'break-all' }}>
              {copia.sha256}
            </Typography.Text>
          </Descriptions.Item>
        </Descriptions>
        <div>
          <Button
            type="primary"
            icon={<DownloadOutlined />}
            href={`/api/verificacion/${encodeURIComponent(verificacion.csv)}/descarga`}
            download={copia.nombre}
          >
            Descargar la copia
          </Button>
        </div>
      </Flex>
    </Card>
  );
}
