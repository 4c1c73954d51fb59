import { samplePdf } from '../../documentos/inspection/testing/sample-files';

/** A PDF whose trailer says it is encrypted (Standard security handler): pdf-lib refuses to read it. */
export function pdfCifrado(): Buffer {
  return Buffer.from(
    samplePdf('Secreto')
      .toString('latin1')
      .replace('/Root 1 0 R >>', '/Root 1 0 R /Encrypt << /Filter /Standard /V 1 /R 2 /P -4 /O <00> /U <00> >> >>'),
    'latin1',
  );
}
