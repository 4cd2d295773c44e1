import type { Exchange } from '@roundup/shared/deadline';
import type { Split } from '@roundup/shared/splits';

/** The admin split form's state: every field as the form holds it (text inputs as strings). */
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
  /** The filing rounds up at the participant (broker) level: the call reads "Round up (participant level)". */
  participant: boolean;
  /** '' = unknown (sent as such: the server stores null). */
  exchange: Exchange | '';
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
  participant: false,
  exchange: '',
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
    participant: s.participant ?? false,
    exchange: s.exchange ?? '',
  };
}
