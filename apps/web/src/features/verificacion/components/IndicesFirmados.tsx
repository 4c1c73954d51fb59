import { SafetyCertificateOutlined } from '@ant-design/icons';
import { Card, Flex, Typography } from 'antd';
import { RUTA_VERIFICACION } from '@ecodigital/contracts/verificacion.rules';
import { formatDate } from '../../../lib/format';
import { useFirmasIndice } from '../api/get-firmas';

const MOTIVOS = { cierre: 'Cierre del expediente', remision: 'Cierre para remisión' } as const;

/** Where anybody checks a copy by its code, without signing in. */
const urlDeVerificacion = (csv: string) => `${window.location.origin}${RUTA_VERIFICACION}/${csv}`;

/**
 * The índices signed with the institution's seal, each with its Código Seguro de Verificación and the
 * address where anybody checks the copy (decision 0394). Only a closed expediente has them; nothing is
 * shown while there are none or they cannot be read.
 */
export function IndicesFirmados({ id_expediente, cerrado }: { id_expediente: number; cerrado: boolean }) {
  const firmas = useFirmasIndice(id_expediente, cerrado);
  const lista = firmas.data?.firmas ?? [];
  if (!cerrado || lista.length === 0) return null;
  return (
    <Card size="small" title="Índices firmados" data-testid="indices-firmados">
      <Flex vertical gap={8}>
        {lista.map((firma) => (
          <Flex key={firma.id_firma} vertical gap={2}>
            <Typography.Text strong>
              <SafetyCertificateOutlined /> {MOTIVOS[firma.motivo]}, {formatDate(firma.firmado_en)}
            </Typography.Text>
            <Typography.Text>
              Código seguro de verificación (CSV):{' '}
              <Typography.Text code copyable={{ tooltips: ['Copiar', 'Copiado'] }}>
                {firma.csv}
              </Typography.Text>
            </Typography.Text>
            <Typography.Text type="secondary">
              Verificable en{' '}
              <Typography.Link href={urlDeVerificacion(firma.csv)} target="_blank" rel="noreferrer">
                {urlDeVerificacion(firma.csv)}
              </Typography.Link>
            </Typography.Text>
          </Flex>
        ))}
      </Flex>
    </Card>
  );
}
