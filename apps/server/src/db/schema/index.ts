export * from './users';
export * from './content';
export * from './notifications';
export * from './billing';
export * from './analytics';
export * from './discovery';
export * from './tokens';
export * from './confirmations';
