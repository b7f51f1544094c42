// A page of a run's result rows (files, classes, functions) as the results endpoints answer it; the rows
// are pyscan's columns, an open record here.
import { type Static, Type } from 'typebox';

export const Page = Type.Object({
  items: Type.Array(Type.Record(Type.String(), Type.Unknown())),
  total: Type.Integer(),
  limit: Type.Integer(),
  offset: Type.Integer(),
  next_offset: Type.Union([Type.Integer(), Type.Null()]),
});

export type Page = Static<typeof Page>;
