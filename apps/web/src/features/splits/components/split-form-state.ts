import type { Split } from '@roundup/shared/splits';

/** The admin split form's values, as typed (product.md §3 fields). */
export interface FormState {
  name: string;
  ticker: string;
  effDate: string;
  buyDate: string;
  ratio: string;
  price: string;
  estProfit: string;
  avgProfit: string;
  status: Split['status'];
  rsType: Split['rsType'];
  source: string;
  notes: string;
  caution: boolean;
}

export const EMPTY: FormState = {
  name: '',
  ticker: '',
  effDate: '',
  buyDate: '',
  ratio: '',
  price: '',
  estProfit: '',
  avgProfit: '',
  status: 'Approved',
  rsType: 'Unconfirmed',
  source: '',
  notes: '',
  caution: false,
};

export function fromSplit(s: Split): FormState {
  return {
    name: s.name,
    ticker: s.ticker,
    effDate: s.effDate,
    buyDate: s.buyDate,
    ratio: String(s.ratio),
    price: String(s.price),
    estProfit: String(s.estProfit),
    avgProfit: String(s.avgProfit),
    status: s.status,
    rsType: s.rsType,
    source: s.source ?? '',
    notes: s.notes ?? '',
    caution: s.caution,
  };
}
