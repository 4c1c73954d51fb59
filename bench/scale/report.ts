/** The results table on the console, and the same as JSON and Markdown. */
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { Machine } from './machine';
import { numero, type Measure } from './measure';

export interface Results {
  fecha: string;
  expedientes: number;
  base_de_datos: string;
  modo: 'completo' | 'rápido';
  maquina: Machine;
  medidas: Measure[];
}

const HEADER = ['medida', 'valor', 'base en la misma ejecución', 'ratio', 'objetivo', '¿cumple?'];

const cells = (measure: Measure) => [
  measure.medida,
  measure.valor,
  measure.base,
  measure.ratio,
  measure.objetivo,
  measure.cumple ? 'sí' : 'NO',
];

function machineLines(results: Results): string[] {
  const { maquina } = results;
  return [
    `Máquina: ${maquina.nucleos} núcleos (${maquina.cpu}), ${numero(maquina.memoria_gib, 1)} GiB de memoria, ${maquina.so}; ` +
      `carga media al terminar ${numero(maquina.carga_media, 2)}`,
    `Versiones: Node ${maquina.node}, PostgreSQL ${maquina.postgresql}, ${Object.entries(maquina.paquetes)
      .map(([name, version]) => `${name} ${version}`)
      .join(', ')}`,
  ];
}

export function printResults(results: Results): void {
  const rows = [HEADER, ...results.medidas.map(cells)];
  const widths = HEADER.map((_, column) => Math.max(...rows.map((row) => row[column]!.length)));
  const line = (row: string[]) => row.map((cell, column) => cell.padEnd(widths[column]!)).join(' │ ');
  console.log(`\n${line(rows[0]!)}\n${widths.map((width) => '─'.repeat(width)).join('─┼─')}`);
  for (const row of rows.slice(1)) console.log(line(row));
  console.log(`\n${machineLines(results).join('\n')}\n`);
}

export async function writeResults(results: Results, dir: string, name: string): Promise<string[]> {
  await mkdir(dir, { recursive: true });
  const json = path.join(dir, `${name}.json`);
  const markdown = path.join(dir, `${name}.md`);
  await writeFile(json, `${JSON.stringify(results, null, 2)}\n`);
  const escape = (cell: string) => cell.replace(/\|/g, '\\|');
  await writeFile(
    markdown,
    [
      `# Escala: ${numero(results.expedientes, 0)} expedientes`,
      '',
      `${results.fecha} · modo ${results.modo} · base de datos \`${results.base_de_datos}\` · \`npm run bench\``,
      '',
      `| ${HEADER.join(' | ')} |`,
      `|${HEADER.map(() => '---').join('|')}|`,
      ...results.medidas.map((measure) => `| ${cells(measure).map(escape).join(' | ')} |`),
      '',
      ...machineLines(results).map((text) => `${text}  `),
      '',
    ].join('\n'),
  );
  return [json, markdown];
}
