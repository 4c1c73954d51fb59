import { Alert, Button, Col, Flex, Form, Input, Row, Select } from 'antd';
import { useEffect } from 'react';
import { LIMITES_EXPEDIENTE } from '@ecodigital/contracts/expedientes.rules';
import { problemaDocumento } from '@ecodigital/contracts/identificacion';
import type { Responsable } from '@ecodigital/contracts/expedientes';
import { useResponsables } from '../api/get-responsables';
import { useTiposExpediente } from '../api/get-tipos-expediente';
import { useUnidades } from '../api/get-unidades';
import { activeCatalogoOptions, responsableOptions, unidadOptions } from '../catalogue-options';
import { matchesOption } from '../../../lib/option-match';
import type { ExpedienteFormValues } from '../form-values';
import { selectClear } from '../../../components/clear-buttons';
import { useEnvio } from '../../../lib/use-envio';
import { FormModal } from '../../../components/FormModal';
import { reglasTexto } from '../../../lib/text-rules';
import { ConflictoEdicion, type ConflictoDeEdicion } from './ConflictoEdicion';

const { asuntoMin, asuntoMax, descripcionMax, interesadoNombreMax, interesadoDocumentoMax } = LIMITES_EXPEDIENTE;

interface Props {
  title: string;
  okText: string;
  open: boolean;
  /**
   * Creating: the unidad is chosen among the caller's own (`ambito=creacion`). Editing: the unidad is
   * shown, not changed (that is «Transferir», with a motivo); `responsableFijo` when the caller works
   * on it by a grant and so may not name its responsable.
   */
  mode:
    | { crear: true }
    | {
        crear: false;
        unidad: { id: number; nombre: string };
        responsable: Responsable | null;
        responsableFijo: boolean;
      };
  initialValues?: ExpedienteFormValues;
  /** Rejects when the server refuses: the form stays open (the client already showed why). */
  onSubmit: (values: ExpedienteFormValues) => Promise<unknown>;
  onClose: () => void;
  /**
   * Editing, the save met a version someone else saved meanwhile: the dialog stays open with what
   * was typed, says what changed, and offers to apply the changes over it or to discard them.
   */
  conflicto?: ConflictoDeEdicion | null;
}

/**
 * Who answers for the expediente: someone of its unidad or of one above it (the API refuses anyone
 * else). Creating, the list follows the unidad chosen; editing by a grant, it is shown, not changed.
 */
function ResponsableField({
  unidad,
  actual,
  fijo,
}: {
  unidad: number | undefined;
  actual?: Responsable | null;
  fijo?: boolean;
}) {
  const responsables = useResponsables(unidad, unidad !== undefined && !fijo);
  const opciones = responsableOptions(responsables.data);
  if (actual && !opciones.some((opcion) => opcion.value === actual.id_usuario)) {
    opciones.unshift({ value: actual.id_usuario, label: actual.nombre_completo });
  }
  const extra = fijo
    ? 'Lo decide su unidad: usted trabaja en este expediente por un acceso concedido.'
    : unidad === undefined
      ? 'Elija antes la unidad responsable.'
      : 'Una persona de la unidad responsable o de una superior.';
  return (
    <Form.Item name="id_responsable" label="Responsable" extra={extra}>
      <Select
        placeholder="Sin asignar"
        allowClear={fijo ? false : selectClear('Quitar el responsable')}
        disabled={fijo || unidad === undefined}
        showSearch={{ filterOption: matchesOption }}
        loading={responsables.isFetching}
        options={opciones}
      />
    </Form.Item>
  );
}

function UnidadDeCreacion({ loading, options }: { loading: boolean; options: { value: number; label: string }[] }) {
  const form = Form.useFormInstance<ExpedienteFormValues>();
  const unica = options.length === 1 ? options[0]!.value : undefined;
  useEffect(() => {
    // Whoever may open expedientes in one unidad only has nothing to choose: it is filled in.
    if (unica !== undefined && form.getFieldValue('id_unidad') === undefined) form.setFieldValue('id_unidad', unica);
  }, [unica, form]);
  if (!loading && options.length === 0) {
    return (
      <Form.Item label="Unidad responsable" required>
        <Alert
          type="warning"
          showIcon
          data-testid="sin-unidades-de-creacion"
          title="No hay ninguna unidad en la que pueda abrir expedientes."
          description="Pida a un administrador que le asigne una unidad activa."
        />
      </Form.Item>
    );
  }
  return (
    <Form.Item
      name="id_unidad"
      label="Unidad responsable"
      rules={[{ required: true, message: 'Seleccione la unidad responsable.' }]}
    >
      <Select
        placeholder="Seleccione una unidad"
        showSearch={{ filterOption: matchesOption }}
        loading={loading}
        options={options}
        popupMatchSelectWidth={false}
        // Who may answer for it depends on the unidad: a choice made for another one does not carry over.
        onChange={() => form.setFieldValue('id_responsable', undefined)}
      />
    </Form.Item>
  );
}

/** The form to create an expediente and, prefilled, to edit one. */
export function ExpedienteFormModal({ title, okText, open, mode, initialValues, onSubmit, onClose, conflicto }: Props) {
  const { enviando: saving, enviar } = useEnvio();
  const tipos = useTiposExpediente();
  const unidades = useUnidades('creacion', mode.crear);
  const unidadesDeCreacion = unidadOptions(unidades.data);
  const sinUnidades = mode.crear && unidades.isSuccess && unidadesDeCreacion.length === 0;

  async function submit(values: ExpedienteFormValues) {
    // The caller closes the form when the change goes through; a refusal keeps it open.
    await enviar(() => onSubmit(values));
  }

  return (
    <FormModal<ExpedienteFormValues>
      title={title}
      open={open}
      width={760}
      okText={okText}
      confirmLoading={saving}
      onCancel={onClose}
      okButtonProps={{ disabled: sinUnidades }}
      {...(conflicto && {
        footer: (
          <Flex className="conflicto-acciones" gap={8} wrap justify="flex-end">
            <Button onClick={onClose}>Descartar mis cambios</Button>
            {conflicto.puedeAplicar && (
              <Button type="primary" htmlType="submit" loading={saving}>
                Aplicar mis cambios sobre la versión nueva
              </Button>
            )}
          </Flex>
        ),
      })}
      form={{ name: 'expediente', initialValues, onFinish: submit, scrollToFirstError: true, requiredMark: true }}
    >
      <Form.Item
        name="asunto"
        label="Asunto"
        rules={reglasTexto({ min: asuntoMin, max: asuntoMax }, 'El asunto', 'Indique el asunto.')}
      >
        <Input maxLength={asuntoMax} showCount placeholder="Resumen del expediente" autoFocus />
      </Form.Item>
      <Form.Item
        name="descripcion"
        label="Descripción"
        rules={reglasTexto({ max: descripcionMax, forma: 'parrafos' }, 'La descripción')}
      >
        <Input.TextArea
          rows={4}
          maxLength={descripcionMax}
          showCount
          placeholder="Detalle de la solicitud o del asunto"
        />
      </Form.Item>
      <Row gutter={16}>
        <Col xs={24} md={12}>
          <Form.Item
            name="id_tipo"
            label="Tipo"
            rules={[{ required: true, message: 'Seleccione el tipo de expediente.' }]}
          >
            <Select
              placeholder="Seleccione un tipo"
              showSearch={{ filterOption: matchesOption }}
              loading={tipos.isPending}
              options={activeCatalogoOptions(tipos.data, initialValues?.id_tipo)}
            />
          </Form.Item>
        </Col>
        <Col xs={24} md={12}>
          {mode.crear ? (
            <UnidadDeCreacion loading={unidades.isPending} options={unidadesDeCreacion} />
          ) : (
            <Form.Item label="Unidad responsable" htmlFor="expediente-unidad" extra="Se cambia con «Transferir».">
              <Input id="expediente-unidad" value={mode.unidad.nombre} readOnly variant="filled" />
            </Form.Item>
          )}
        </Col>
        <Col xs={24} md={12}>
          <Form.Item
            name="interesado_nombre"
            label="Interesado"
            rules={reglasTexto({ max: interesadoNombreMax }, 'El nombre')}
          >
            <Input maxLength={interesadoNombreMax} placeholder="Nombre y apellidos o razón social" />
          </Form.Item>
        </Col>
        <Col xs={24} md={12}>
          <Form.Item
            name="interesado_documento"
            label="Documento del interesado"
            normalize={(value: string | undefined) => value?.toUpperCase().replace(/\s+/g, '')}
            rules={[
              {
                // The document already stored is kept as it is; one written anew must hold its control character.
                validator: (_rule, value: string | undefined) => {
                  if (!value || value === initialValues?.interesado_documento) return Promise.resolve();
                  const problema = problemaDocumento(value);
                  return problema ? Promise.reject(new Error(problema)) : Promise.resolve();
                },
              },
            ]}
          >
            <Input maxLength={interesadoDocumentoMax} placeholder="NIF, NIE o CIF" />
          </Form.Item>
        </Col>
        <Col xs={24} md={12}>
          {mode.crear ? (
            <Form.Item noStyle dependencies={['id_unidad']}>
              {({ getFieldValue }) => <ResponsableField unidad={getFieldValue('id_unidad') as number | undefined} />}
            </Form.Item>
          ) : (
            <ResponsableField unidad={mode.unidad.id} actual={mode.responsable} fijo={mode.responsableFijo} />
          )}
        </Col>
      </Row>
      {conflicto && <ConflictoEdicion conflicto={conflicto} />}
    </FormModal>
  );
}
