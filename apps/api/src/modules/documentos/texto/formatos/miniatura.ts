import type { Sharp } from 'sharp';
import type { Miniatura } from '../resultado';

/** Thumbnails fit in 240 × 320 (a portrait page), JPEG: a few KB each. */
const MINIATURA_ANCHO = 240;
const MINIATURA_ALTO = 320;

export async function miniaturaDe(imagen: Sharp): Promise<Miniatura> {
  const { data, info } = await imagen
    .rotate()
    .resize({ width: MINIATURA_ANCHO, height: MINIATURA_ALTO, fit: 'inside', withoutEnlargement: true })
    .flatten({ background: '#ffffff' })
    .jpeg({ quality: 72, mozjpeg: true })
    .toBuffer({ resolveWithObject: true });
  return { imagen: new Uint8Array(data), ancho: info.width, alto: info.height };
}
