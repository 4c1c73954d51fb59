import type { RecordedRequest } from './test-api-server';

/** The parts of a recorded multipart body, in the order they travelled: name, filename and content. */
export function multipartParts(request: RecordedRequest): { name: string; filename?: string; content: string }[] {
  const boundary = /boundary=(?:"([^"]+)"|([^;]+))/.exec(request.contentType ?? '');
  const delimiter = `--${boundary?.[1] ?? boundary?.[2]}`;
  return request.rawBody
    .toString('utf8')
    .split(delimiter)
    .slice(1, -1)
    .map((part) => {
      const [head = '', ...rest] = part.replace(/^\r\n/, '').split('\r\n\r\n');
      return {
        name: /name="([^"]+)"/.exec(head)?.[1] ?? '',
        filename: /filename="([^"]*)"/.exec(head)?.[1],
        content: rest.join('\r\n\r\n').replace(/\r\n$/, ''),
      };
    });
}
