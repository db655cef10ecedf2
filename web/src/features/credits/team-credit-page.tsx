export function TeamCreditPage() { return null }
