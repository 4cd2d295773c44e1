/** The split a Record Trades modal and its rows are about. */
export interface TradeSplit {
  _id: string;
  name: string;
  ticker: string;
  buyDate: string;
  effDate: string;
}
