import { Tooltip, Typography } from 'antd';
import { shortenHash } from '../huella';

/** A SHA-256 shortened for the table; the copy button copies the full value. */
export function HuellaText({ huella }: { huella: string }) {
  return (
    <Typography.Text
      code
      copyable={{ text: huella, tooltips: ['Copiar huella completa', 'Copiada'] }}
      data-huella={huella}
      style={{ whiteSpace: 'nowrap' }}
    >
      <Tooltip title={huella}>
        <span>{shortenHash(huella)}</span>
      </Tooltip>
    </Typography.Text>
  );
}
