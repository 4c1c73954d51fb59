/**
 * ENI identifiers: `ES_<órgano>_<año>_EXP_<id>` for an expediente (the shape INSIDE validates,
 * `ES_[A-Z]{1}[A-Z0-9]{1}[0-9]{7}_[0-9]{4}_EXP_.*`) and `ES_<órgano>_<año>_DOC_<id>` for a document.
 * The órgano is the DIR3 code of the expediente's unidad.
 */
export const identificadorExpediente = (dir3: string, anio: number, id: number) => `ES_${dir3}_${anio}_EXP_${id}`;

export const identificadorDocumento = (dir3: string, anio: number, id: number) => `ES_${dir3}_${anio}_DOC_${id}`;

/** An ISO date-time as the ENI wants it (xsd:dateTime, UTC). */
export const fechaEni = (fecha: Date | string) => new Date(fecha).toISOString().replace(/\.\d{3}Z$/, 'Z');

/** Text for an XML element: the five characters XML reserves, escaped. */
export function xmlTexto(texto: string): string {
  return texto.replace(
    /[<>&'"]/g,
    (c) => ({ '<': '&lt;', '>': '&gt;', '&': '&amp;', "'": '&apos;', '"': '&quot;' })[c]!,
  );
}

/**
 * Text for an XML element as Canonical XML writes it (C14N 1.0, inclusive or exclusive): `&`, `<`, `>`
 * and the carriage return (which a parser would read as a line feed) escaped, the quotes as they are.
 */
export function textoC14n(texto: string): string {
  return texto.replace(/[&<>\r]/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '\r': '&#xD;' })[c]!);
}
