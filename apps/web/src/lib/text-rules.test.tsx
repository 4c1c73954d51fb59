import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { Form, Input, type FormInstance } from 'antd';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { installBrowserShims } from '../testing/render-app';
import { reglasMotivo, reglasTexto, textoNormalizado } from './text-rules';

beforeAll(installBrowserShims);
afterEach(cleanup);

const ZWSP = '\u200B';

/** A real antd form with one field under `reglas`: `escribir` answers what it says of a value. */
function formulario(reglas: Parameters<typeof Form.Item>[0]['rules']) {
  let instancia: FormInstance | undefined;
  function Formulario() {
    const [form] = Form.useForm();
    instancia = form;
    return (
      <Form form={form}>
        <Form.Item name="texto" label="Texto" rules={reglas}>
          <Input />
        </Form.Item>
      </Form>
    );
  }
  render(<Formulario />);
  return {
    async escribir(valor: string): Promise<string[]> {
      fireEvent.change(screen.getByLabelText('Texto'), { target: { value: valor } });
      return instancia!.validateFields().then(
        () => [],
        (error: { errorFields: { errors: string[] }[] }) => error.errorFields.flatMap((campo) => campo.errors),
      );
    },
  };
}

describe('reglasTexto', () => {
  it('judges the text as the API keeps it: spaces and invisible characters are nothing', async () => {
    const campo = formulario(reglasTexto({ min: 2, max: 10 }, 'El nombre', 'Indique el nombre.'));
    expect(await campo.escribir('   ')).toEqual(['Indique el nombre.']);
    expect(await campo.escribir(ZWSP.repeat(5))).toEqual(['Indique el nombre.']);
    expect(await campo.escribir(' a ')).toEqual(['El nombre debe tener al menos 2 caracteres.']);
    expect(await campo.escribir(`a${ZWSP}`)).toEqual(['El nombre debe tener al menos 2 caracteres.']);
    expect(await campo.escribir(' ab ')).toEqual([]);
  });

  it('counts characters as the API does (an emoji is one) on the normalised text', async () => {
    const campo = formulario(reglasTexto({ min: 2, max: 4 }, 'El nombre'));
    expect(await campo.escribir('  😀😀😀😀😀  ')).toEqual(['El nombre admite como máximo 4 caracteres.']);
    expect(await campo.escribir('  😀😀😀😀  ')).toEqual([]);
  });

  it('lets an optional field stay blank', async () => {
    const campo = formulario(reglasTexto({ min: 2, max: 4 }, 'El nombre'));
    expect(await campo.escribir('  ')).toEqual([]);
  });

  it('asks for a motivo made only of zero-width spaces', async () => {
    const campo = formulario(reglasMotivo({ min: 5, max: 100 }));
    expect(await campo.escribir(`${ZWSP.repeat(5)}\n\n`)).toEqual(['Indique el motivo.']);
    expect(await campo.escribir(`ab${ZWSP.repeat(5)}c`)).toEqual(['El motivo debe tener al menos 5 caracteres.']);
  });
});

describe('textoNormalizado', () => {
  it('sends the text as the API keeps it, blank as no value', () => {
    expect(textoNormalizado(`  Licencia${ZWSP}  de obra `)).toBe('Licencia de obra');
    expect(textoNormalizado(`Uno  \n\n\n\nDos`, 'parrafos')).toBe('Uno\n\nDos');
    expect(textoNormalizado(ZWSP)).toBeNull();
    expect(textoNormalizado(undefined)).toBeNull();
  });
});
