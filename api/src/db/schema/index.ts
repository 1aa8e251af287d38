export * from './auth';
export * from './notifications';
export * from './tenancy';
