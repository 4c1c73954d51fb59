import { describe, expect, it } from 'vitest';
import { formValuesOf, hasChanges, toCrearExpediente, toEditarExpediente } from './form-values';
import { expedienteDemo } from './test-fixtures';

describe('toCrearExpediente', () => {
  it('trims, upper-cases the documento and leaves blank optional fields out', () => {
    expect(
      toCrearExpediente({
        asunto: '  Queja por ruido  ',
        descripcion: '   ',
        id_tipo: 2,
        id_unidad: 1,
        interesado_nombre: ' Ana ',
        interesado_documento: 'x1234567l',
        id_responsable: undefined,
      }),
    ).toEqual({
      asunto: 'Queja por ruido',
      id_tipo: 2,
      id_unidad: 1,
      interesado_nombre: 'Ana',
      interesado_documento: 'X1234567L',
    });
  });
});

describe('toEditarExpediente', () => {
  const expediente = expedienteDemo({ version: 4 });

  it('sends only the version when nothing changed', () => {
    const body = toEditarExpediente(expediente, formValuesOf(expediente));
    expect(body).toEqual({ version: 4 });
    expect(hasChanges(body)).toBe(false);
  });

  it('sends only the changed fields, with null for a cleared one', () => {
    const body = toEditarExpediente(expediente, {
      ...formValuesOf(expediente),
      asunto: 'Licencia de obra mayor',
      descripcion: '',
      id_responsable: undefined,
    });
    expect(body).toEqual({ version: 4, asunto: 'Licencia de obra mayor', descripcion: null, id_responsable: null });
    expect(hasChanges(body)).toBe(true);
  });

  it('ignores differences of surrounding spaces or letter case in the documento', () => {
    const body = toEditarExpediente(expediente, {
      ...formValuesOf(expediente),
      asunto: ` ${expediente.asunto} `,
      interesado_documento: '12345678z',
    });
    expect(body).toEqual({ version: 4 });
  });

  it('never sends the unidad: the API refuses it, a transfer changes it', () => {
    const body = toEditarExpediente(expediente, { ...formValuesOf(expediente), id_unidad: 1 });
    expect(body).toEqual({ version: 4 });
    expect(formValuesOf(expediente)).not.toHaveProperty('id_unidad');
  });
});
