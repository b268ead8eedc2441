/** The service's answers as the client reads them: tolerant parsers and the types they give. */
import type { z } from 'zod';
import * as S from './schemas';

/** Tolerant parsers: unknown fields kept, unknown enum values kept as strings. */
export const T = {
  KeyStatus: S.tolerant(S.KeyStatus),
  StoreList: S.tolerant(S.StoreList),
  ProductList: S.tolerant(S.ProductList),
  ProductEnvelope: S.tolerant(S.ProductEnvelope),
  Availability: S.tolerant(S.Availability),
  Calculation: S.tolerant(S.Calculation),
  ReservationEnvelope: S.tolerant(S.ReservationEnvelope),
  ReservationPage: S.tolerant(S.ReservationPage),
  CancelPreview: S.tolerant(S.CancelPreview),
  CustomerList: S.tolerant(S.CustomerList),
  InquiryEnvelope: S.tolerant(S.InquiryEnvelope),
};

export type KeyStatus = z.output<typeof T.KeyStatus>;
export type Store = z.output<typeof T.StoreList>['data'][number];
export type Product = z.output<typeof T.ProductEnvelope>['product'];
export type Availability = z.output<typeof T.Availability>;
export type Calculation = z.output<typeof T.Calculation>;
export type Reservation = z.output<typeof T.ReservationEnvelope>['reservation'];
export type ReservationPage = z.output<typeof T.ReservationPage>;
export type CancelPreview = z.output<typeof T.CancelPreview>;
export type Customer = z.output<typeof T.CustomerList>['data'][number];
