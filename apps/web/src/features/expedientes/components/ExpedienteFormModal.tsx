import { Col, Form, Input, Modal, Row, Select } from 'antd';
import { useState } from 'react';
import { DOCUMENTO_IDENTIDAD_PATTERN, LIMITES_EXPEDIENTE } from '@ecodigital/contracts/expedientes.rules';
import { useResponsables } from '../api/get-responsables';
import { useTiposExpediente } from '../api/get-tipos-expediente';
import { useUnidades } from '../api/get-unidades';
import { catalogoOptions, matchesOption, responsableOptions } from '../catalogue-options';
import type { ExpedienteFormValues } from '../form-values';

const documentoPattern = new RegExp(DOCUMENTO_IDENTIDAD_PATTERN);
const { asuntoMin, asuntoMax, descripcionMax, interesadoNombreMax, interesadoDocumentoMax } = LIMITES_EXPEDIENTE;

interface Props {
  title: string;
  okText: string;
  open: boolean;
  initialValues?: ExpedienteFormValues;
  /** Rejects when the server refuses: the form stays open (the client already showed why). */
  onSubmit: (values: ExpedienteFormValues) => Promise<unknown>;
  onClose: () => void;
}

/** The form to create an expediente and, prefilled, to edit one. */
export function ExpedienteFormModal({ title, okText, open, initialValues, onSubmit, onClose }: Props) {
  const [saving, setSaving] = useState(false);
  const tipos = useTiposExpediente();
  const unidades = useUnidades();
  const responsables = useResponsables();

  async function submit(values: ExpedienteFormValues) {
    setSaving(true);
    try {
      await onSubmit(values);
    } catch {
      // The API client has shown the server's message; the person corrects and tries again.
    } finally {
      setSaving(false);
    }
  }

  return (
    <Modal
      title={title}
      open={open}
      width={760}
      okText={okText}
      cancelText="Cancelar"
      confirmLoading={saving}
      onCancel={onClose}
      destroyOnHidden
      maskClosable={false}
      okButtonProps={{ htmlType: 'submit' }}
      modalRender={(content) => (
        // A fresh form store each time the dialog opens (its content is destroyed when hidden).
        <Form<ExpedienteFormValues>
          layout="vertical"
          name="expediente"
          initialValues={initialValues}
          onFinish={submit}
          scrollToFirstError
          requiredMark
        >
          {content}
        </Form>
      )}
    >
      <Form.Item
        name="asunto"
        label="Asunto"
        rules={[
          { required: true, whitespace: true, message: 'Indique el asunto.' },
          { min: asuntoMin, message: `El asunto debe tener al menos ${asuntoMin} caracteres.` },
          { max: asuntoMax, message: `El asunto admite como máximo ${asuntoMax} caracteres.` },
        ]}
      >
        <Input maxLength={asuntoMax} showCount placeholder="Resumen del expediente" autoFocus />
      </Form.Item>
      <Form.Item
        name="descripcion"
        label="Descripción"
        rules={[{ max: descripcionMax, message: `La descripción admite como máximo ${descripcionMax} caracteres.` }]}
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
              options={catalogoOptions(tipos.data)}
            />
          </Form.Item>
        </Col>
        <Col xs={24} md={12}>
          <Form.Item
            name="id_unidad"
            label="Unidad responsable"
            rules={[{ required: true, message: 'Seleccione la unidad responsable.' }]}
          >
            <Select
              placeholder="Seleccione una unidad"
              showSearch={{ filterOption: matchesOption }}
              loading={unidades.isPending}
              options={catalogoOptions(unidades.data)}
            />
          </Form.Item>
        </Col>
        <Col xs={24} md={12}>
          <Form.Item
            name="interesado_nombre"
            label="Interesado"
            rules={[
              { max: interesadoNombreMax, message: `El nombre admite como máximo ${interesadoNombreMax} caracteres.` },
            ]}
          >
            <Input maxLength={interesadoNombreMax} placeholder="Nombre y apellidos o razón social" />
          </Form.Item>
        </Col>
        <Col xs={24} md={12}>
          <Form.Item
            name="interesado_documento"
            label="Documento del interesado"
            normalize={(value: string | undefined) => value?.toUpperCase().replace(/\s+/g, '')}
            rules={[{ pattern: documentoPattern, message: 'Formato no válido (DNI, NIE, NIF o cédula).' }]}
          >
            <Input maxLength={interesadoDocumentoMax} placeholder="DNI, NIE, NIF o cédula" />
          </Form.Item>
        </Col>
        <Col xs={24} md={12}>
          <Form.Item name="id_responsable" label="Responsable">
            <Select
              placeholder="Sin asignar"
              allowClear
              showSearch={{ filterOption: matchesOption }}
              loading={responsables.isPending}
              options={responsableOptions(responsables.data)}
            />
          </Form.Item>
        </Col>
      </Row>
    </Modal>
  );
}
