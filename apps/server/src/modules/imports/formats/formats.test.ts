import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { readStatement, RECORDS_PER_TURN } from './read-statement';

const fixture = (name: string) => readFileSync(path.join(__dirname, '../../../../test/fixtures/statements', name), 'utf8');
/** The rows as [line, kind, date, symbol, quantity, price, amount]: what each format's rule reads. */
const brief = async (text: string) =>
  (await readStatement(text)).rows.map((r) => [r.line, r.kind, r.date, r.symbol, r.quantity, r.price, r.amount]);

describe('statement formats: each broker export maps to rows (decision 030)', () => {
  it.each([
    [
      'Schwab: two "Reverse Split" rows (old CUSIP out, new shares in), the dance, a dividend left out',
      'schwab-reverse-split.csv',
      'schwab',
      '…123',
      [
        [3, 'sell', '2026-11-12', 'ACMR', 1, 9, null],
        [4, 'split_in', '2026-11-10', 'ACMR', 1, null, null],
        [5, 'split_out', '2026-11-10', '00461X108', 1, null, null],
        [6, 'sell', '2026-11-06', 'ACMR', 99, 0.48, null],
        [7, 'buy', '2026-11-06', 'ACMR', 100, 0.5, null],
        [8, 'other', '2026-11-05', 'SCHB', 0, null, null],
      ],
    ],
    [
      'Fidelity: REVERSE SPLIT under the CUSIP names the ticker in its action; IN LIEU OF FRX SHARE is cash',
      'fidelity-cash-in-lieu.csv',
      'fidelity',
      null,
      [
        [3, 'cash_in_lieu', '2026-11-12', 'ACMR', 0, null, 0.95],
        [4, 'split_out', '2026-11-10', 'ACMR', 1, null, null],
        [5, 'buy', '2026-11-06', 'ACMR', 1, 0.5, null],
        [6, 'other', '2026-11-02', '', 0, null, null],
      ],
    ],
    [
      'tastytrade: the reverse split closes the old share, a "Rounding correction" a day later opens the new one',
      'tastytrade-rounding-correction.csv',
      'tastytrade',
      null,
      [
        [2, 'rounding', '2026-11-11', 'ACMR', 1, null, null],
        [3, 'split_out', '2026-11-10', 'ACMR', 1, null, null],
        [4, 'buy', '2026-11-06', 'ACMR', 1, 0.5, null],
        [5, 'other', '2026-11-03', '', 0, null, null],
      ],
    ],
    [
      'IBKR Flex: trades and corporate-action sections; FracShare sells the fraction for cash on split day',
      'ibkr-flex-fracshare.csv',
      'ibkr',
      '…4567',
      [
        [5, 'buy', '2026-11-06', 'ACMR', 1, 0.5, null],
        [6, 'cash_in_lieu', '2026-11-10', 'ACMR', 0.1, null, 0.95],
        [10, 'split_out', '2026-11-10', 'ACMR', 1, null, null],
        [11, 'split_in', '2026-11-10', 'ACMR', 0.1, null, null],
      ],
    ],
  ])('%s', async (_name, file, format, account, rows) => {
    const text = fixture(file);
    const read = await readStatement(text);
    expect(read.format).toBe(format);
    expect(read.brokerAccount).toBe(account);
    expect(await brief(text)).toEqual(rows);
  });

  it.each([
    [
      'a broken date names its line',
      '"Date","Action","Symbol","Description","Quantity","Price","Fees & Comm","Amount"\n"11/06/2026","Buy","A","A","1","$1.00","","-$1.00"\n"13/45/2026","Buy","A","A","1","$1.00","","-$1.00"',
      /^Line 3: Date "13\/45\/2026" is not a date$/,
    ],
    [
      'a day the calendar lacks names its line',
      'Date,Type,Sub Type,Action,Symbol,Instrument Type,Description,Value,Quantity,Average Price,Commissions,Fees,Multiplier,Root Symbol,Underlying Symbol,Expiration Date,Strike Price,Call or Put,Order #,Currency\n2026-02-29T10:00:00+0000,Trade,Buy to Open,BUY_TO_OPEN,A,Equity,Bought 1 A @ 1,-1,1,-1,0,0,1,,,,,,1,USD',
      /^Line 2: Date "2026-02-29T10:00:00\+0000" is not a date$/,
    ],
    [
      'a price that is not a number names its line and column',
      'Run Date,Action,Symbol,Security Description,Security Type,Quantity,Price ($),Commission ($),Fees ($),Accrued Interest ($),Amount ($),Settlement Date\n11/06/2026,YOU BOUGHT A (A) (Cash),A,A,Cash,1,abc,,,,-1,',
      /^Line 2: Price \(\$\) "abc" is not a number$/,
    ],
    [
      'a quote that never closes names its line',
      '"Date","Action","Symbol","Description","Quantity","Price","Fees & Comm","Amount"\n"11/06/2026","Buy","A","A","1","$1.00","","-$1.00"\n"11/06/2026,"Buy","A"',
      /^Line \d+: the CSV cannot be read/,
    ],
    ['a file of another kind', 'name,email\nann,ann@example.com', /not a statement RoundUp can read/],
  ])('refuses the whole file: %s', async (_name, text, message) => {
    await expect(readStatement(text)).rejects.toThrow(message);
  });

  it('reads tastytrade’s newer export, whose Sub Type names the reverse split and the rounding correction', async () => {
    const text = [
      'Date,Type,Sub Type,Action,Symbol,Instrument Type,Description,Value,Quantity,Average Price,Commissions,Fees,Multiplier,Root Symbol,Underlying Symbol,Expiration Date,Strike Price,Call or Put,Order #,Currency',
      '2026-11-11T07:00:00-0500,Receive Deliver,Rounding Correction,BUY_TO_OPEN,ACMR,Equity,Adjustment for ACMR,0.00,1,0.00,--,0.00,1,,ACMR,,,,,USD',
      '2026-11-10T07:00:00-0500,Receive Deliver,Reverse Split,SELL_TO_CLOSE,ACMR,Equity,Removal of 1.0 ACMR,0.00,1,0.00,--,0.00,1,,ACMR,,,,,USD',
      '2026-11-06T10:01:12-0500,Trade,Buy to Open,BUY_TO_OPEN,ACMR,Equity,Bought 1 ACMR @ 0.50,-0.50,1,-0.50,0.00,0.00,1,,ACMR,,,,123,USD',
    ].join('\n');
    expect(await brief(text)).toEqual([
      [2, 'rounding', '2026-11-11', 'ACMR', 1, null, null],
      [3, 'split_out', '2026-11-10', 'ACMR', 1, null, null],
      [4, 'buy', '2026-11-06', 'ACMR', 1, 0.5, null],
    ]);
  });

  it('lists every broker account a file names, in order, masked', async () => {
    const text = [
      '"ClientAccountID","Symbol","TradeDate","TransactionType","Quantity","TradePrice","Proceeds","Buy/Sell","AssetClass"',
      '"U1111111","A","20261106","ExchTrade","1","1","-1","BUY","STK"',
      '"U2222222","A","20261106","ExchTrade","1","1","-1","BUY","STK"',
    ].join('\n');
    expect(await readStatement(text)).toMatchObject({ brokerAccount: null, accounts: ['…1111', '…2222'] });
  });

  it('reads Fidelity’s multi-account export: the Account Number column names the account, masked', async () => {
    const text = [
      'Run Date,Account,Account Number,Action,Symbol,Security Description,Security Type,Quantity,Price ($),Commission ($),Fees ($),Accrued Interest ($),Amount ($),Settlement Date',
      '11/06/2026,Individual,Z12345678,YOU BOUGHT ACME ROBOTICS INC (ACMR) (Cash),ACMR,ACME ROBOTICS INC,Cash,1,0.5,,,,-0.50,11/09/2026',
    ].join('\n');
    const read = await readStatement(text);
    expect(read.brokerAccount).toBe('…5678');
    expect(read.rows[0]).toMatchObject({ kind: 'buy', symbol: 'ACMR', quantity: 1, price: 0.5 });
  });

  it('reads Fidelity’s 18-column All Accounts download (Exchange Quantity, Currency, Price and Amount unsuffixed), an account per Account Number', async () => {
    const text = [
      '',
      '',
      'Run Date,Account,Account Number,Action,Symbol,Description,Type,Exchange Quantity,Exchange Currency,Currency,Price,Quantity,Exchange Rate,Commission,Fees,Accrued Interest,Amount,Settlement Date',
      '11/06/2026,"Individual","Z12345678","YOU BOUGHT ACME ROBOTICS INC (ACMR) (Cash)",ACMR,"ACME ROBOTICS INC",Cash,0,,USD,0.5,2,0,,,,-1,11/09/2026',
      '11/06/2026,"Roth IRA","222224321","YOU SOLD ACME ROBOTICS INC (ACMR) (Cash)",ACMR,"ACME ROBOTICS INC",Cash,0,,USD,0.48,-1,0,,0.01,,0.47,11/09/2026',
      '',
      '"The data and information in this spreadsheet is provided to you solely for your use and is not for distribution. The spreadsheet is provided for"',
      '"informational purposes only, and is not intended to provide advice."',
      '"Date downloaded 11/25/2026 9:12 pm"',
    ].join('\n');
    const read = await readStatement(text);
    expect(read.accounts).toEqual(['…5678', '…4321']);
    expect(read.rows).toEqual([
      expect.objectContaining({ line: 4, kind: 'buy', quantity: 2, price: 0.5, account: '…5678' }),
      expect.objectContaining({ line: 5, kind: 'sell', quantity: 1, price: 0.48, account: '…4321' }),
    ]);
  });

  it('refuses a file whose header is another broker’s than the one asked for', async () => {
    await expect(readStatement(fixture('schwab-reverse-split.csv'), 'fidelity')).rejects.toThrow(
      'This is a Schwab file, not Fidelity',
    );
  });

  it.each([['IN LIEU OF FRX SHARE ACME (ACMR) (Cash)'], ['CASH IN LIEU OF FRACTIONAL SHARES ACME (ACMR) (Cash)']])(
    'reads Fidelity’s "%s" as cash in lieu',
    async (action) => {
      const text = `Run Date,Action,Symbol,Security Description,Security Type,Quantity,Price ($),Commission ($),Fees ($),Accrued Interest ($),Amount ($),Settlement Date\n11/12/2026,${action},ACMR,ACME,Cash,0,,,,,0.95,`;
      expect((await readStatement(text)).rows[0]).toMatchObject({ kind: 'cash_in_lieu', amount: 0.95 });
    },
  );

  it.each([
    ['"$1,234.56"', 1234.56],
    ['"-$5.00"', 5],
    ['"(5.00)"', 5],
  ])('reads the Schwab amount %s', async (amount, expected) => {
    const text = `"Date","Action","Symbol","Description","Quantity","Price","Fees & Comm","Amount"\n"11/12/2026","Cash In Lieu","A","A","","","",${amount}`;
    expect((await readStatement(text)).rows[0].amount).toBe(expected);
  });

  it('lets other work in while it reads a long file (the event loop turns between batches of records)', async () => {
    const rows = Array.from({ length: RECORDS_PER_TURN * 3 }, (_, i) => `11/05/2026,Dividend,T${i},,,,,$1`);
    let read = false;
    let ranWhileReading = false;
    setImmediate(() => (ranWhileReading = !read));
    const statement = await readStatement(
      ['Date,Action,Symbol,Description,Quantity,Price,Fees & Comm,Amount', ...rows].join('\n'),
    );
    read = true;
    expect(statement.rows).toHaveLength(RECORDS_PER_TURN * 3);
    expect(ranWhileReading).toBe(true);
  });

  it('refuses a file of more lines than the limit before reading it', async () => {
    await expect(readStatement('Date,Action\n1\n2\n3', undefined, 3)).rejects.toThrow(
      'The file has more than 3 lines; export a shorter period',
    );
  });

  it.each([
    [
      'IBKR Flex with section codes and line descriptors, columns in the member’s order',
      [
        '"HEADER","TRNT","Buy/Sell","Quantity","Symbol","TradePrice","TradeDate","ClientAccountID"',
        '"DATA","TRNT","BUY","100","ACMR","0.5","20261106","U1234567"',
        '"DATA","TRNT","SELL","-99","ACMR","0.48","20261106","U1234567"',
        '"HEADER","CTRN","Type","Amount","SettleDate"',
        '"DATA","CTRN","Dividends","1.00","20261106"',
      ],
      [
        [2, 'buy', '2026-11-06', 'ACMR', 100, 0.5, null],
        [3, 'sell', '2026-11-06', 'ACMR', 99, 0.48, null],
      ],
    ],
    [
      'IBKR Trade Confirmation dates written "2026-11-06,10:32:45"',
      ['"Symbol","Date/Time","Buy/Sell","Quantity","Price"', '"ACMR","2026-11-06,10:32:45","BUY","100","0.5"'],
      [[2, 'buy', '2026-11-06', 'ACMR', 100, 0.5, null]],
    ],
    [
      'the IBKR Activity Statement: Order rows of the Trades section (executions and closed lots repeat them) and the Corporate Actions split',
      [
        'Statement,Header,Field Name,Field Value',
        'Statement,Data,BrokerName,Interactive Brokers LLC',
        'Trades,Header,DataDiscriminator,Asset Category,Currency,Symbol,Date/Time,Quantity,T. Price,C. Price,Proceeds,Comm/Fee,Basis,Realized P/L,MTM P/L,Code',
        'Trades,Data,Order,Stocks,USD,ACMR,"2026-11-06, 10:30:00",100,0.5,0.5,-50,-1,51,0,0,O',
        'Trades,Data,Execution,Stocks,USD,ACMR,"2026-11-06, 10:30:00",100,0.5,0.5,-50,-1,51,0,0,O',
        'Trades,Data,Order,Stocks,USD,ACMR,"2026-11-06, 10:31:00",-99,0.48,0.5,47.52,-1,-49.5,-2,0,C',
        'Trades,SubTotal,,Stocks,USD,ACMR,,1,,,-2.48,-2,1.5,-2,0,',
        'Trades,Data,Order,Equity and Index Options,USD,ACMR 20NOV26 1 C,"2026-11-06, 10:32:00",1,0.05,0.05,-5,-1,6,0,0,O',
        'Corporate Actions,Header,Asset Category,Currency,Report Date,Date/Time,Description,Quantity,Proceeds,Value,Realized P/L,Code',
        'Corporate Actions,Data,Stocks,USD,2026-11-10,"2026-11-10, 20:25:00",ACMR(US00461X1081) Split 1 for 10 (ACMR.OLD),-1,0,0,0,',
        'Corporate Actions,Data,Stocks,USD,2026-11-10,"2026-11-10, 20:25:00",ACMR(US00461X2071) Split 1 for 10 (ACMR),0.1,0,0,0,',
      ],
      [
        [4, 'buy', '2026-11-06', 'ACMR', 100, 0.5, null],
        [6, 'sell', '2026-11-06', 'ACMR', 99, 0.48, null],
        [8, 'option', '2026-11-06', 'ACMR 20NOV26 1 C', 1, null, null],
        [10, 'split_out', '2026-11-10', 'ACMR', 1, null, null],
        [11, 'split_in', '2026-11-10', 'ACMR', 0.1, null, null],
      ],
    ],
    [
      'tastyworks before 2022: trades, a put, and the reverse split as Receive Deliver',
      [
        'Date/Time,Transaction Code,Transaction Subcode,Symbol,Buy/Sell,Open/Close,Quantity,Expiration Date,Strike,Call/Put,Price,Fees,Amount,Description,Account Reference',
        '11/11/2021 7:00 AM,Receive Deliver,Reverse Split,ACMR,Buy,Open,1,,,,0.00,0.00,0.00,Reverse split: Open 1.0 ACMR,Individual...39',
        '11/10/2021 7:00 AM,Receive Deliver,Reverse Split,ACMR,Sell,Close,1,,,,0.00,0.00,0.00,Reverse split: Close 1.0 ACMR,Individual...39',
        '11/06/2021 10:01 AM,Trade,Sell to Open,ACMR,Sell,Open,1,12/17/2021,1,P,0.10,1.14,10.00,Sold 1 ACMR 12/17/21 Put 1.00 @ 0.10,Individual...39',
        '11/06/2021 10:00 AM,Trade,Buy to Open,ACMR,Buy,Open,1,,,,0.50,0.00,-0.50,Bought 1 ACMR @ 0.50,Individual...39',
      ],
      [
        [2, 'split_in', '2021-11-11', 'ACMR', 1, null, null],
        [3, 'split_out', '2021-11-10', 'ACMR', 1, null, null],
        [4, 'option', '2021-11-06', 'ACMR', 1, null, null],
        [5, 'buy', '2021-11-06', 'ACMR', 1, 0.5, null],
      ],
    ],
    [
      'Fidelity with Price and Amount (a Currency column), an option, and a disclaimer padded with commas',
      [
        '',
        'Run Date,Account,Account Number,Action,Symbol,Description,Type,Exchange Quantity,Exchange Currency,Currency,Price,Quantity,Exchange Rate,Commission,Fees,Accrued Interest,Amount,Settlement Date',
        '11/06/2026,Individual,X12345678,YOU BOUGHT ACME ROBOTICS INC (ACMR) (Cash),ACMR,ACME ROBOTICS INC,Cash,0,,USD,0.5,100,,,,,-50,11/09/2026',
        '11/06/2026,Individual,X12345678,YOU SOLD OPENING TRANSACTION PUT (ACMR) ACME NOV 20 26 $1 (100 SHS) (Margin),-ACMR261120P1,PUT (ACMR),Margin,0,,USD,0.05,-1,,,,,5,11/09/2026',
        '11/12/2026,Individual,X12345678,IN LIEU OF FRX SHARE ACME ROBOTICS INC (ACMR) (Cash),ACMR,ACME,Cash,0,,USD,,0,,,,,0.95,',
        '"The data and information in this spreadsheet is provided to you solely for your use",,,,,,,,,,,,,,,,,',
        '"Date downloaded 11/25/2026 9:12 pm",,,,,,,,,,,,,,,,,',
      ],
      [
        [3, 'buy', '2026-11-06', 'ACMR', 100, 0.5, null],
        [4, 'option', '2026-11-06', '-ACMR261120P1', 1, null, null],
        [5, 'cash_in_lieu', '2026-11-12', 'ACMR', 0, null, 0.95],
      ],
    ],
  ])('reads %s', async (_name, lines, rows) => {
    expect(await brief(lines.join('\n'))).toEqual(rows);
  });
});
