export * from './api';
export * from './auth';
export * from './dates';
export * from './feedback';
export * from './money';
export * from './permissions';
export * from './users';
export * from './domain';
