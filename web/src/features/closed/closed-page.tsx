export function ClosedPage() { return null }
