export * from './auth';
export * from './catalog';
export * from './docs';
export * from './folders';
export * from './notifications';
export * from './tenancy';
