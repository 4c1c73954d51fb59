import { FORMATOS_ADMITIDOS, type Formato } from '@ecodigital/contracts/documentos';

/** The document formats EcoDigital accepts, labelled as in the ENI índice (`formato`): the shared contract's list. */
export const ACCEPTED_FORMATS = FORMATOS_ADMITIDOS;

export type { Formato };

export type RejectionReason =
  'empty' | 'executable' | 'html' | 'svg' | 'xml' | 'archive' | 'macros' | 'invalid-text' | 'unknown';

/** Spanish sentences to follow the file's name in the 415 answer. */
export const REJECTION_MESSAGES: Record<RejectionReason, string> = {
  empty: 'El archivo está vacío.',
  executable: 'El contenido es un programa o un script ejecutable, no un documento.',
  html: 'El contenido es una página HTML, que no se admite.',
  svg: 'El contenido es una imagen SVG, que no se admite.',
  xml: 'El contenido es XML, que no se admite.',
  archive: 'El contenido es un archivo comprimido que no es un documento DOCX, XLSX, ODT ni ODS.',
  macros: 'El documento contiene macros, que no se admiten.',
  'invalid-text': 'El texto no está codificado en UTF-8, UTF-16 ni Windows-1252, o contiene caracteres de control.',
  unknown: `El tipo de contenido no es ninguno de los admitidos (${Object.keys(ACCEPTED_FORMATS).join(', ')}).`,
};
