import { Type, type TSchema } from 'typebox';

/** Every error the API answers: a Spanish message for people and a code for programs. */
export const ApiErrorSchema = Type.Object(
  {
    success: Type.Literal(false),
    msg: Type.String(),
    code: Type.Optional(Type.String()),
  },
  { $id: 'ApiError' },
);

/** A read: `{ success: true, data }`. */
export const ReadEnvelope = <T extends TSchema>(data: T) => Type.Object({ success: Type.Literal(true), data });

/** A write: `{ success: true, msg, data }`; the web client shows `msg` as an "Éxito" toast. */
export const WriteEnvelope = <T extends TSchema>(data: T) =>
  Type.Object({ success: Type.Literal(true), msg: Type.String(), data });

export interface ReadResponse<T> {
  success: true;
  data: T;
}
export interface WriteResponse<T> {
  success: true;
  msg: string;
  data: T;
}
