export async function benchPhone() {}
