import { ApiHttpError, solicitudNoValida } from '../../shared/errors';

export const MENSAJES_ADMINISTRACION = {
  unidadNoExiste: 'La unidad no existe.',
  padreNoExiste: 'La unidad superior indicada no existe.',
  padreInactivo: 'La unidad superior indicada está desactivada.',
  codigoRepetido: (codigo: string) => `Ya existe una unidad con el código «${codigo}».`,
  nombreRepetido: (nombre: string) => `Ya existe una unidad «${nombre}» en ese mismo nivel.`,
  ciclo: 'Una unidad no puede depender de sí misma ni de una unidad que depende de ella.',
  unidadCreada: 'Unidad creada.',
  unidadActualizada: 'Unidad actualizada.',
  sinCambios: 'No hay cambios.',
  personaNoExiste: 'La persona no existe.',
  unidadesNoExisten: 'Alguna de las unidades indicadas no existe.',
  unidadesInactivas: (nombres: string) => `No se puede asignar una unidad desactivada: ${nombres}.`,
  unidadesPorGrupos: 'Las unidades de cada persona las asigna el proveedor de identidad (grupos): cámbielas allí.',
  unidadesAsignadas: 'Unidades asignadas.',
  responsableRetirado: 'Dejó de ser responsable: ya no pertenece a la unidad del expediente ni a una superior.',
  rolNoValido: 'El nombre del rol no es válido.',
  rolNoDeclarado: (rol: string) =>
    `El rol «${rol}» no está declarado: declárelo antes en «Roles y permisos» (Declarar rol).`,
  rolYaDeclarado: (rol: string) => `El rol «${rol}» ya está declarado.`,
  rolDeTodoElDominio: (rol: string) =>
    `El rol «${rol}» lo tienen todas las personas del dominio: los permisos que le dé los tendrá todo el mundo. Confírmelo para declararlo.`,
  descripcionRolCorta: (minimo: number) => `El campo «descripcion» debe tener al menos ${minimo} caracteres.`,
  rolDeclarado: (rol: string) => `Rol «${rol}» declarado.`,
  permisosNoExisten: (codigos: string) => `Permisos desconocidos: ${codigos}.`,
  bloqueo: 'El rol «administrador» no puede perder el permiso de administrar roles: nadie podría devolverlo.',
  permisosActualizados: 'Permisos actualizados.',
  entradaNoExiste: 'La entrada del catálogo no existe.',
  entradaRepetida: (nombre: string) => `Ya existe «${nombre}» en este catálogo.`,
  nombreEnUso:
    'El nombre de un tipo documental con documentos no se puede cambiar: forma parte de la huella del índice. Desactívelo y cree otro.',
  dir3Repetido: (codigo: string) => `Ya hay otra unidad con el código DIR3 «${codigo}».`,
  siaNoValido: (codigo: string) =>
    `«${codigo}» no es un código SIA válido: de 1 a 30 mayúsculas, cifras, «.», «_» o «-», empezando por una mayúscula o una cifra.`,
  tdNoValido: (codigo: string) =>
    `«${codigo}» no es un tipo documental ENI: use uno de TD01 a TD20, TD51 a TD69 o TD99.`,
  entradaCreada: 'Entrada creada.',
  entradaActualizada: 'Entrada actualizada.',
} as const;

export const unidadNoExiste = () => new ApiHttpError(404, MENSAJES_ADMINISTRACION.unidadNoExiste, 'NOT_FOUND');
export const personaNoExiste = () => new ApiHttpError(404, MENSAJES_ADMINISTRACION.personaNoExiste, 'NOT_FOUND');
export const entradaNoExiste = () => new ApiHttpError(404, MENSAJES_ADMINISTRACION.entradaNoExiste, 'NOT_FOUND');
export const conflicto = (msg: string) => new ApiHttpError(409, msg, 'CONFLICT');
export const rolNoDeclarado = (rol: string) =>
  new ApiHttpError(404, MENSAJES_ADMINISTRACION.rolNoDeclarado(rol), 'ROL_NO_DECLARADO');
export const rolDeTodoElDominio = (rol: string) =>
  new ApiHttpError(409, MENSAJES_ADMINISTRACION.rolDeTodoElDominio(rol), 'ROL_DE_TODO_EL_DOMINIO');
export const noValido = (msg: string) => solicitudNoValida(msg);
