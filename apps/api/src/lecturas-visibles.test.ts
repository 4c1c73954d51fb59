import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

/**
 * Expedientes and what hangs from them are read through the visibility rule
 * (`modules/expedientes/visibility.ts`). This test reads the API's own source with the TypeScript
 * parser: every top-level declaration whose SQL reads one of those tables either applies the rule
 * itself or is listed below with why it may not. A new query that reads them without the rule, in a
 * file nobody thought of, fails here until someone applies the rule or writes down why not.
 */
const TABLAS = ['expediente', 'documento', 'documento_texto', 'historial', 'acceso', 'lectura'];
const LEE = new RegExp(`\\b(from|join)\\s+(${TABLAS.join('|')})\\b`, 'i');
const REGLA = /\b(expedientesVisibles|expedientesGestionables|idsVisiblesSql)\(/;

const POR_ID_TRAS_LA_REGLA = 'lee por el id de un expediente que el servicio ya comprobó visible para quien llama';
const FRAGMENTO = 'trozo de SQL que se compone con la regla donde se usa';
const SIN_PERSONA = 'trabajo del sistema (arranque, colas, cambios de pertenencia): no responde a ninguna persona';
const ADMINISTRACION = 'solo la llaman rutas de administración, que ven toda la organización';
const VERIFICACION_PUBLICA =
  'verificación pública por código seguro de verificación (decisión 0394): el código es la autorización; da solo el número del expediente y el índice firmado que certifica';

const SIN_LA_REGLA: Record<string, string> = {
  'modules/accesos/accesos.repository.ts#selectAcceso': FRAGMENTO,
  'modules/accesos/accesos.repository.ts#ACCESOS_VIGENTES': `${FRAGMENTO}: la concesión, tras comprobar la gestión bajo el bloqueo`,
  'modules/accesos/accesos.repository.ts#findAccesos': POR_ID_TRAS_LA_REGLA,
  'modules/accesos/accesos.repository.ts#hayAccesoVigente': `${POR_ID_TRAS_LA_REGLA}, con gestión y bajo el bloqueo`,
  'modules/accesos/accesos.repository.ts#findDerivados': 'accesos nacidos de los accesos propios de quien llama',
  'modules/accesos/accesos.repository.ts#bloquearExpediente': 'solo bloquea la fila y responde si existe',
  'modules/accesos/accesos.repository.ts#findAccesosDePersona': ADMINISTRACION,
  'modules/accesos/accesos.service.ts#revocarDesdeAdministracion': ADMINISTRACION,
  'modules/administracion/unidades.repository.ts#findUnidadesAdmin': ADMINISTRACION,
  'modules/administracion/unidades.repository.ts#findUnidadAdmin': ADMINISTRACION,
  'modules/busqueda/indice-texto.service.ts#estadoIndice': ADMINISTRACION,
  'modules/busqueda/indice-texto.service.ts#iniciarReindexado': ADMINISTRACION,
  'modules/busqueda/indice-texto.service.ts#ejecutarReindexado': SIN_PERSONA,
  'modules/documentos/documentos.repository.ts#SELECT_DOCUMENTO': FRAGMENTO,
  'modules/documentos/documentos.repository.ts#findDocumentosListados': POR_ID_TRAS_LA_REGLA,
  'modules/documentos/documentos.repository.ts#findUltimaEntrada': `${POR_ID_TRAS_LA_REGLA}, con gestión y bajo el bloqueo`,
  'modules/documentos/huerfanos.ts#apartarSinFila': SIN_PERSONA,
  'modules/documentos/texto/cola.ts#documentoAExtraer': SIN_PERSONA,
  'modules/documentos/texto/cola.ts#guardarResultado': SIN_PERSONA,
  'modules/documentos/texto/cola.ts#marcarError': SIN_PERSONA,
  'modules/expedientes/base-de-gestion.ts#leerSobreExpediente': 'es la regla misma, leída para una fila ya bloqueada',
  'modules/expedientes/para-gestionar.ts#expedienteParaGestionar':
    'bloquea la fila por su id y después aplica la regla (leerSobreExpediente): 404 para quien no la ve',
  'modules/expedientes/expedientes.export.ts#exportFilas': `${FRAGMENTO}: el filtro de la lista (filtroWhere)`,
  'modules/expedientes/expedientes.repository.ts#FROM_EXPEDIENTE': FRAGMENTO,
  'modules/expedientes/expedientes.repository.ts#paginaSql': `${FRAGMENTO}: el filtro de la lista (filtroWhere)`,
  'modules/expedientes/expedientes.repository.ts#coincidenciasSql': `${FRAGMENTO}: el filtro de la lista (filtroWhere)`,
  'modules/expedientes/expedientes.repository.ts#contarCoincidencias': `${FRAGMENTO}: el filtro de la lista (filtroWhere)`,
  'modules/expedientes/historial.repository.ts#findHistorialPagina': POR_ID_TRAS_LA_REGLA,
  'modules/expedientes/historial.repository.ts#hayLecturas': POR_ID_TRAS_LA_REGLA,
  'modules/expedientes/historial.repository.ts#findEventosConContexto': `${FRAGMENTO}: las notificaciones y la actividad de Inicio`,
  'modules/notificaciones/notificaciones.repository.ts#contarNoVistas': `${FRAGMENTO}: noVistos`,
  'modules/notificaciones/notificaciones.repository.ts#findPaginaNotificaciones': `${FRAGMENTO}: notificadas`,
  'modules/notificaciones/notificaciones.repository.ts#idsNoLeidos':
    'marca como leídas o no las notificaciones de una página ya leída con la regla (notificadas)',
  'shared/accesos-derivados.ts#terminarDerivados': SIN_PERSONA,
  'shared/caller/alcance.ts#leerAlcance': 'calcula el alcance de quien llama, del que sale la regla',
  'shared/pertenencia.ts#retirarResponsablesAjenos': SIN_PERSONA,
  'shared/pertenencia.ts#alPerderUnidades': SIN_PERSONA,
  'shared/plazos/calendario.ts#aplicarPlazoDelTipo': `${SIN_PERSONA}: el plazo de un tipo llega a sus expedientes abiertos`,
  'shared/plazos/calendario.ts#recalcularPlazos': `${SIN_PERSONA}: un festivo nuevo mueve los vencimientos`,
  'modules/plazos/avisos.ts#enviarAvisos': SIN_PERSONA,
  'modules/integridad/integridad.repository.ts#findDocumentosDesde': SIN_PERSONA,
  'modules/integridad/integridad.repository.ts#insertRonda': SIN_PERSONA,
  'modules/integridad/integridad.repository.ts#insertHallazgo': SIN_PERSONA,
  'modules/integridad/integridad.repository.ts#findHallazgos': ADMINISTRACION,
  'modules/integridad/notificados.ts#findHallazgosNoVistos':
    'avisos de integridad, solo para quien tiene administracion.integridad, que vigila todos los archivos',
  'modules/eni/eni.repository.ts#findDatosEni': POR_ID_TRAS_LA_REGLA,
  'modules/eni/eni.repository.ts#findDocumentosEni': POR_ID_TRAS_LA_REGLA,
  'modules/expedientes/expedientes.repository.ts#remisionCerrada': POR_ID_TRAS_LA_REGLA,
  'modules/verificacion/verificacion.repository.ts#findCertificado': VERIFICACION_PUBLICA,
  'modules/verificacion/verificacion.repository.ts#findCopia': VERIFICACION_PUBLICA,
  'modules/copias/copias.repository.ts#findClavesDocumentos': POR_ID_TRAS_LA_REGLA,
  'copias/instantanea.ts#leerEnInstantanea': `${SIN_PERSONA}: la copia de seguridad`,
  'copias/restaurar.ts#restaurar': `${SIN_PERSONA}: la restauración`,
  'modules/integridad/integridad.repository.ts#destruido': SIN_PERSONA,
  'modules/retencion/retencion.repository.ts#DESDE_SQL': FRAGMENTO,
  'modules/retencion/retencion.repository.ts#findActa':
    'un acta de eliminación es de la administración (retencion.gestionar): lista sus expedientes aunque luego cambien de unidad',
  'modules/retencion/eliminacion.service.ts#aprobarActa':
    'los expedientes que el acta ya lista (administración, retencion.aprobar_eliminacion); findPendientes aplica la regla antes de destruir nada',
  'modules/eni/eni.repository.ts#findActaDeEliminacion': POR_ID_TRAS_LA_REGLA,
  'modules/retencion/eliminacion.service.ts#ejecutarActa': `${SIN_PERSONA}: borra los archivos de un acta ya aprobada`,
};

const RAIZ = path.dirname(new URL(import.meta.url).pathname);
const FUERA = new Set(['testing', 'tools', 'migrations']);

function fuentes(carpeta: string): string[] {
  return readdirSync(carpeta, { withFileTypes: true }).flatMap((entrada) => {
    const ruta = path.join(carpeta, entrada.name);
    if (entrada.isDirectory()) return FUERA.has(entrada.name) ? [] : fuentes(ruta);
    return entrada.name.endsWith('.ts') && !entrada.name.endsWith('.test.ts') && !entrada.name.endsWith('.d.ts')
      ? [ruta]
      : [];
  });
}

function nombreDe(declaracion: ts.Statement, archivo: ts.SourceFile): string {
  if (ts.isFunctionDeclaration(declaracion) || ts.isClassDeclaration(declaracion)) {
    return declaracion.name?.text ?? 'default';
  }
  if (ts.isVariableStatement(declaracion)) {
    return declaracion.declarationList.declarations.map((d) => d.name.getText(archivo)).join(',');
  }
  return `${ts.SyntaxKind[declaracion.kind]}@${archivo.getLineAndCharacterOfPosition(declaracion.getStart()).line + 1}`;
}

function leeTablas(nodo: ts.Node, archivo: ts.SourceFile): boolean {
  if (ts.isStringLiteral(nodo) || ts.isNoSubstitutionTemplateLiteral(nodo) || ts.isTemplateExpression(nodo)) {
    if (LEE.test(nodo.getText(archivo))) return true;
  }
  return ts.forEachChild(nodo, (hijo) => leeTablas(hijo, archivo) || undefined) ?? false;
}

/** `archivo#declaración` of every top-level declaration whose SQL reads the tables, with whether it applies the rule. */
function lecturas(): { donde: string; aplicaLaRegla: boolean }[] {
  return fuentes(RAIZ).flatMap((ruta) => {
    const archivo = ts.createSourceFile(ruta, readFileSync(ruta, 'utf8'), ts.ScriptTarget.Latest, true);
    return archivo.statements
      .filter((declaracion) => leeTablas(declaracion, archivo))
      .map((declaracion) => ({
        donde: `${path.relative(RAIZ, ruta)}#${nombreDe(declaracion, archivo)}`,
        aplicaLaRegla: REGLA.test(declaracion.getText(archivo)),
      }));
  });
}

describe('expedientes and what hangs from them are read through the visibility rule', () => {
  const encontradas = lecturas();

  it('finds the queries (the scan itself works)', () => {
    expect(encontradas.filter((lectura) => lectura.aplicaLaRegla).length).toBeGreaterThan(10);
    expect(encontradas.map((lectura) => lectura.donde)).toContain('modules/inicio/inicio.repository.ts#findPorMes');
  });

  it('applies the rule in every query that reads them, or says why it may not', () => {
    const sinRegla = encontradas.filter((lectura) => !lectura.aplicaLaRegla).map((lectura) => lectura.donde);
    expect(sinRegla.filter((donde) => !(donde in SIN_LA_REGLA))).toEqual([]);
  });

  it('keeps no exception for a declaration that no longer reads them without the rule', () => {
    const sinRegla = new Set(encontradas.filter((lectura) => !lectura.aplicaLaRegla).map((lectura) => lectura.donde));
    expect(Object.keys(SIN_LA_REGLA).filter((donde) => !sinRegla.has(donde))).toEqual([]);
  });
});
