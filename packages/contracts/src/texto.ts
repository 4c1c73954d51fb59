import { Type, type TString } from 'typebox';
import { MARCA_PARRAFOS } from './texto.rules';

export * from './texto.rules';

/**
 * A body field of paragraphs (descripciones, motivos): the API keeps its line breaks when it
 * normalises it. Every other string of a body is one line.
 */
export const ParrafosSchema = (limites: { minLength?: number; maxLength?: number } = {}): TString =>
  Type.String({ ...limites, [MARCA_PARRAFOS]: true });
