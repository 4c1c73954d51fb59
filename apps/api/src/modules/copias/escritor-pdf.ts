import { PDFNumber, PDFTrailer, PDFTrailerDict, type PDFContext, type PDFObject, type PDFRef } from 'pdf-lib';

/**
 * Writes a pdf-lib document as it is built (decision 0409), where pdf-lib's own writer needs the whole
 * document in memory. `volcar` serialises every indirect object created since the last call, the way
 * pdf-lib's PDFWriter does (`N 0 obj … endobj`), remembers its byte offset and deletes it from the
 * context, so what stays in memory is the objects still being built, the `retenidos` (the page tree,
 * the catalog: they change until the end) and one offset per object. `cerrar` writes whatever is left,
 * then the cross-reference table and the trailer. Nothing may refer to an object after it is written
 * except by reference: changing it then would not reach the output.
 */

/** Objects gathered into one chunk up to this size: fewer, larger writes to the socket. */
const TROZO = 64 * 1024;

export class EscritorPdf {
  private escritos = 0;
  private empezado = false;
  /** Byte offset of each written object, by object number. */
  private readonly desplazamientos: number[] = [];

  constructor(
    private readonly context: PDFContext,
    private readonly retenidos: readonly PDFRef[],
  ) {}

  /** The objects built since the last call, except the retained ones; the header first, once. */
  *volcar(): Generator<Buffer> {
    const retenidos = new Set(this.retenidos);
    yield* this.escribir(this.context.enumerateIndirectObjects().filter(([ref]) => !retenidos.has(ref)));
  }

  /** Every object left (the retained ones included), the cross-reference table and the trailer. */
  *cerrar(): Generator<Buffer> {
    yield* this.escribir(this.context.enumerateIndirectObjects());
    const inicioXref = this.escritos;
    yield* this.tablaXref();
    const { Root, Info } = this.context.trailerInfo;
    const diccionario = PDFTrailerDict.of(
      this.context.obj({ Size: PDFNumber.of(this.desplazamientos.length), Root, Info }),
    );
    const trailer = PDFTrailer.forLastCrossRefSectionOffset(inicioXref);
    const final = Buffer.alloc(diccionario.sizeInBytes() + 2 + trailer.sizeInBytes());
    let offset = diccionario.copyBytesInto(final, 0);
    offset += final.write('\n\n', offset, 'latin1');
    trailer.copyBytesInto(final, offset);
    yield this.contar(final);
  }

  private *escribir(objetos: [PDFRef, PDFObject][]): Generator<Buffer> {
    const trozos: Buffer[] = [];
    let pendiente = 0;
    if (!this.empezado) {
      this.empezado = true;
      const cabecera = Buffer.alloc(this.context.header.sizeInBytes() + 2, '\n');
      this.context.header.copyBytesInto(cabecera, 0);
      trozos.push(cabecera);
      pendiente += cabecera.length;
    }
    for (const [ref, objeto] of objetos) {
      const apertura = `${ref.objectNumber} ${ref.generationNumber} obj\n`;
      const cierre = '\nendobj\n\n';
      const bytes = Buffer.alloc(apertura.length + objeto.sizeInBytes() + cierre.length);
      let offset = bytes.write(apertura, 0, 'latin1');
      offset += objeto.copyBytesInto(bytes, offset);
      bytes.write(cierre, offset, 'latin1');
      this.desplazamientos[ref.objectNumber] = this.escritos + pendiente;
      this.context.delete(ref);
      trozos.push(bytes);
      pendiente += bytes.length;
      if (pendiente >= TROZO) {
        yield this.contar(Buffer.concat(trozos));
        trozos.length = 0;
        pendiente = 0;
      }
    }
    if (pendiente > 0) yield this.contar(Buffer.concat(trozos));
  }

  /**
   * One subsection per run of consecutive written objects: an object number pdf-lib handed out but
   * never filled (a reference the source PDF left dangling) has no entry, and readers take it as null.
   */
  private *tablaXref(): Generator<Buffer> {
    const total = Math.max(this.desplazamientos.length, 1);
    this.desplazamientos.length = total;
    let lineas: string[] = ['xref\n'];
    let tamano = 5;
    const vaciar = () => {
      const trozo = this.contar(Buffer.from(lineas.join(''), 'latin1'));
      lineas = [];
      tamano = 0;
      return trozo;
    };
    let numero = 0;
    while (numero < total) {
      if (numero !== 0 && this.desplazamientos[numero] === undefined) {
        numero++;
        continue;
      }
      let fin = numero + 1;
      while (fin < total && this.desplazamientos[fin] !== undefined) fin++;
      lineas.push(`${numero} ${fin - numero}\n`);
      for (let n = numero; n < fin; n++) {
        // Object 0 heads the list of free objects, as in every PDF.
        const desplazamiento = this.desplazamientos[n];
        lineas.push(
          desplazamiento === undefined
            ? '0000000000 65535 f \n'
            : `${String(desplazamiento).padStart(10, '0')} 00000 n \n`,
        );
        tamano += 20;
        if (tamano >= TROZO) yield vaciar();
      }
      numero = fin;
    }
    lineas.push('\n');
    yield vaciar();
  }

  private contar(trozo: Buffer): Buffer {
    this.escritos += trozo.length;
    return trozo;
  }
}
