export * from './users';
export * from './content';
