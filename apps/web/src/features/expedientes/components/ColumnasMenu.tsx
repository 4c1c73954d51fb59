import { TableOutlined } from '@ant-design/icons';
import { Button, Checkbox, Flex, Modal, Typography } from 'antd';
import { useState } from 'react';
import { COLUMNA_FIJA, COLUMNAS, ETIQUETAS_COLUMNA, type Columna } from '../columnas';

interface Props {
  visibles: Columna[];
  onChange: (visibles: Columna[]) => void;
}

/**
 * «Columnas»: which columns of the list to show, applied as they are ticked and kept for this
 * person. A dialog rather than a popover: it takes the focus, and Escape returns it to the button.
 */
export function ColumnasMenu({ visibles, onChange }: Props) {
  const [abierto, setAbierto] = useState(false);
  return (
    <>
      <Button icon={<TableOutlined />} onClick={() => setAbierto(true)} data-testid="columnas-menu">
        Columnas
      </Button>
      <Modal
        title="Columnas de la lista"
        open={abierto}
        onCancel={() => setAbierto(false)}
        footer={
          <Button type="primary" onClick={() => setAbierto(false)}>
            Listo
          </Button>
        }
        width={360}
        destroyOnHidden
      >
        <Typography.Paragraph type="secondary">
          Marque las columnas que quiere ver. El número se muestra siempre.
        </Typography.Paragraph>
        <Checkbox.Group<Columna>
          value={visibles}
          onChange={(elegidas) => onChange(COLUMNAS.filter((columna) => elegidas.includes(columna)))}
        >
          <Flex vertical gap={6} role="group" aria-label="Columnas que se muestran">
            {COLUMNAS.map((columna) => (
              <Checkbox key={columna} value={columna} disabled={columna === COLUMNA_FIJA}>
                {ETIQUETAS_COLUMNA[columna]}
              </Checkbox>
            ))}
          </Flex>
        </Checkbox.Group>
      </Modal>
    </>
  );
}
