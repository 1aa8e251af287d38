import garageDefault from '../../assets/garage-default.svg';

export interface LogoSources {
  franchiseId: number | null;
  franchiseLogoUrl?: string | null;
  companyLogoUrl?: string | null;
}

/** Spec rule: the franchise's logo when the user belongs to a franchise, else the company's, else a garage picture. */
export function accountLogo({ franchiseId, franchiseLogoUrl, companyLogoUrl }: LogoSources): string {
  if (franchiseId !== null && franchiseLogoUrl) return franchiseLogoUrl;
  return companyLogoUrl || garageDefault;
}
