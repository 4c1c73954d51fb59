/**
 * The multipart body of one upload. `id_tipo_documental` goes first: the API streams the parts in
 * order and must know the type before the file's bytes arrive.
 */
export function buildUploadFormData(id_tipo_documental: number, file: Blob, filename?: string): FormData {
  const body = new FormData();
  body.append('id_tipo_documental', String(id_tipo_documental));
  if (filename === undefined) body.append('archivo', file);
  else body.append('archivo', file, filename);
  return body;
}
