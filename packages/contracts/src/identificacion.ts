// Spanish identity documents checked by their control character, the way the Agencia Tributaria and
// the Ministerio del Interior compute it. Pure functions: the API refuses with `problemaDocumento`'s
// sentence, the web shows the same sentence while the person types.

const LETRAS_DNI = 'TRWAGMYFPDXBNJZSQVHLCKE';
const LETRAS_CIF = 'JABCDEFGHI';

export type ClaseDocumento = 'DNI' | 'NIE' | 'CIF';

/** The document as stored: capitals, without spaces, dots or hyphens. */
export function normalizarDocumento(texto: string): string {
  return texto.toUpperCase().replace(/[\s.-]/g, '');
}

/** Control letter of a DNI/NIE number (the 8 digits, the NIE's first letter already replaced). */
const letraDni = (numero: string) => LETRAS_DNI[Number(numero) % 23]!;

/** Control digit of a CIF's seven digits: Luhn-like, positions 1, 3, 5, 7 doubled. */
function digitoCif(siete: string): number {
  let suma = 0;
  for (let i = 0; i < 7; i++) {
    const cifra = Number(siete[i]);
    if (i % 2 === 1) suma += cifra;
    else suma += Math.floor((cifra * 2) / 10) + ((cifra * 2) % 10);
  }
  return (10 - (suma % 10)) % 10;
}

// Organisations whose CIF ends in a letter (public bodies, non-residents, Church…), in a digit
// (sociedades anónimas and limitadas, comunidades de bienes, herencias), or in either.
const CIF_CON_LETRA = 'KLMNPQRSW';
const CIF_CON_DIGITO = 'ABEH';

/** Which document it is, judged by its shape, or null when it has the shape of none. */
export function claseDocumento(documento: string): ClaseDocumento | null {
  if (/^[0-9]{8}[A-Z]$/.test(documento)) return 'DNI';
  if (/^[XYZ][0-9]{7}[A-Z]$/.test(documento)) return 'NIE';
  if (/^[ABCDEFGHJKLMNPQRSUVW][0-9]{7}[0-9A-J]$/.test(documento)) return 'CIF';
  return null;
}

/**
 * Why `texto` is not a valid NIF (DNI), NIE or CIF, in Spanish; null when it is. Its shape first, then
 * its control character.
 */
export function problemaDocumento(texto: string): string | null {
  const documento = normalizarDocumento(texto);
  const clase = claseDocumento(documento);
  if (clase === null) {
    return `«${texto}» no es un NIF, NIE ni CIF: un NIF son 8 cifras y una letra (12345678Z), un NIE una X, Y o Z, 7 cifras y una letra (X1234567L), un CIF una letra, 7 cifras y un carácter de control (B12345674).`;
  }
  if (clase === 'DNI') {
    return documento[8] === letraDni(documento.slice(0, 8))
      ? null
      : `El NIF ${documento} no es válido: la letra no corresponde al número. Revise que está bien escrito.`;
  }
  if (clase === 'NIE') {
    const numero = String('XYZ'.indexOf(documento[0]!)) + documento.slice(1, 8);
    return documento[8] === letraDni(numero)
      ? null
      : `El NIE ${documento} no es válido: la letra no corresponde al número. Revise que está bien escrito.`;
  }
  const digito = digitoCif(documento.slice(1, 8));
  const control = documento[8]!;
  const primera = documento[0]!;
  const admitidos = CIF_CON_LETRA.includes(primera)
    ? [LETRAS_CIF[digito]]
    : CIF_CON_DIGITO.includes(primera)
      ? [String(digito)]
      : [String(digito), LETRAS_CIF[digito]];
  return admitidos.includes(control)
    ? null
    : `El CIF ${documento} no es válido: el carácter de control no corresponde. Revise que está bien escrito.`;
}

export const esDocumentoValido = (texto: string): boolean => problemaDocumento(texto) === null;
