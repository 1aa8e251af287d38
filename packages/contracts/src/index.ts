export * from './company';
export * from './navigation';
export * from './pages';
export * from './paging';
export * from './permissions';
export * from './roles';
export * from './session';
