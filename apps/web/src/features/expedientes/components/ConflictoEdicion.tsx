import { Alert, Form, Typography } from 'antd';
import { useEffect, useId, useRef } from 'react';
import type { Expediente } from '@ecodigital/contracts/expedientes';
import { useResponsables } from '../api/get-responsables';
import { useTiposExpediente } from '../api/get-tipos-expediente';
import { diferenciasConVersionNueva, sobreVersionNueva } from '../conflicto-edicion';
import type { ExpedienteFormValues } from '../form-values';
import './expedientes.css';

/** Someone else saved the expediente while the person edited it: what they sent, on which version, and the new one. */
export interface ConflictoDeEdicion {
  /** The version the person's form stood on when they saved. */
  partida: Expediente;
  /** What they tried to save. */
  enviados: ExpedienteFormValues;
  /** The version saved meanwhile. */
  nueva: Expediente;
  /** False when the new version no longer admits changes from them (closed, transferred away…). */
  puedeAplicar: boolean;
}

/** A long descripción is cut in the notice: the form holds the person's, the page the saved one. */
const LARGO_MAXIMO = 300;

function Valor({ value }: { value: string | null }) {
  return value === null ? (
    <Typography.Text type="secondary">(vacío)</Typography.Text>
  ) : (
    <span className="conflicto-valor">
      «{value.length > LARGO_MAXIMO ? `${value.slice(0, LARGO_MAXIMO)}…` : value}»
    </span>
  );
}

/**
 * Shown inside the edit form, under its fields, when the save met a newer version: the fields in
 * which it differs from what the person had, and the form moved onto it (their changes kept).
 */
export function ConflictoEdicion({ conflicto }: { conflicto: ConflictoDeEdicion }) {
  const { partida, enviados, nueva, puedeAplicar } = conflicto;
  const form = Form.useFormInstance<ExpedienteFormValues>();
  const tipos = useTiposExpediente();
  const responsables = useResponsables(nueva.unidad.id);
  const aviso = useRef<HTMLDivElement>(null);
  const tituloId = useId();
  const diferencias = diferenciasConVersionNueva(partida, enviados, nueva, {
    tipo: (id) => tipos.data?.find((tipo) => tipo.id === id)?.nombre,
    responsable: (id) => responsables.data?.find((persona) => persona.id_usuario === id)?.nombre_completo,
  });

  useEffect(() => {
    // What the person did not touch takes the saved value; what they typed stays.
    form.setFieldsValue(sobreVersionNueva(partida, form.getFieldsValue(), nueva));
    // The button they pressed is gone: the notice takes the focus, and is brought into view.
    aviso.current?.focus();
    aviso.current?.scrollIntoView?.({ block: 'nearest' });
    // Once per version met: later typing is theirs.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [nueva.version]);

  return (
    <div ref={aviso} tabIndex={-1} className="conflicto-edicion" aria-labelledby={tituloId} role="group">
      <Alert
        type={puedeAplicar ? 'warning' : 'error'}
        showIcon
        data-testid="conflicto-edicion"
        title={<span id={tituloId}>Otra persona guardó una versión más reciente de este expediente.</span>}
        description={
          <>
            {diferencias.length > 0 ? (
              <>
                <p className="conflicto-intro">Esto es lo que cambió (lo que usted tenía → lo guardado ahora):</p>
                <ul className="historial-cambios" data-testid="conflicto-diferencias">
                  {diferencias.map((diferencia) => (
                    <li key={diferencia.campo}>
                      <Typography.Text strong>{diferencia.etiqueta}:</Typography.Text> <Valor value={diferencia.suyo} />
                      {' → '}
                      <Valor value={diferencia.guardado} />
                    </li>
                  ))}
                </ul>
              </>
            ) : (
              <p className="conflicto-intro">La versión nueva ya tiene lo que usted quería guardar.</p>
            )}
            <p className="conflicto-cierre">
              {puedeAplicar
                ? 'Lo que usted escribió sigue en el formulario; lo que no tocó muestra ya el valor nuevo.'
                : 'El expediente ya no admite cambios suyos: no se pueden guardar.'}
            </p>
          </>
        }
      />
    </div>
  );
}
