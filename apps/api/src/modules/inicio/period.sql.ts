/** Calendar boundaries in Europe/Madrid, as SQL expressions evaluated by the database clock. */
const AHORA_MADRID = `(now() AT TIME ZONE 'Europe/Madrid')`;

/** Start of today (Europe/Madrid), a timestamptz. */
export const INICIO_HOY = `(date_trunc('day', ${AHORA_MADRID}) AT TIME ZONE 'Europe/Madrid')`;

/** Today's date (Europe/Madrid), a date. */
export const DIA_HOY = `(${AHORA_MADRID})::date`;

/** Start of the current month (Europe/Madrid), a timestamptz. */
export const INICIO_MES = `(date_trunc('month', ${AHORA_MADRID}) AT TIME ZONE 'Europe/Madrid')`;

/** The current month as `YYYY-MM`, the suffix of the month counters. */
export const MES_ACTUAL = `to_char(${AHORA_MADRID}, 'YYYY-MM')`;

/** The last `meses` months as rows `(mes 'YYYY-MM', desde timestamptz, hasta timestamptz)`, oldest first. */
export const ultimosMeses = (meses: number) => `(
  SELECT to_char(m, 'YYYY-MM') AS mes,
         m AT TIME ZONE 'Europe/Madrid' AS desde,
         (m + interval '1 month') AT TIME ZONE 'Europe/Madrid' AS hasta
  FROM generate_series(
    date_trunc('month', ${AHORA_MADRID}) - interval '${Math.trunc(meses) - 1} months',
    date_trunc('month', ${AHORA_MADRID}),
    interval '1 month'
  ) AS m
)`;
