import type { CatalogoItem, Responsable } from '@ecodigital/contracts/expedientes';
import type { Queryable } from '../../db/database';
import { nombreCompletoSql } from '../../shared/sql';

export function findTiposExpediente(db: Queryable): Promise<CatalogoItem[]> {
  return db.query<CatalogoItem>('SELECT id, nombre FROM tipo_expediente ORDER BY orden, id');
}

export function findUnidades(db: Queryable): Promise<CatalogoItem[]> {
  return db.query<CatalogoItem>('SELECT id, nombre FROM unidad ORDER BY nombre, id');
}

/** The people who can be made responsable: everyone known from their sign-ins, by name. */
export function findResponsables(db: Queryable): Promise<Responsable[]> {
  return db.query<Responsable>(
    `SELECT u.id_usuario, ${nombreCompletoSql('u')} AS nombre_completo, u.username
     FROM usuario u
     ORDER BY nombre_completo, u.id_usuario`,
  );
}

export function findTiposDocumentales(db: Queryable): Promise<CatalogoItem[]> {
  return db.query<CatalogoItem>('SELECT id, nombre FROM tipo_documental ORDER BY orden, id');
}
