/// The remote page served at `/` (to come).
enum RemotePage {
    static let html = "<!doctype html><title>Tessera</title>"
}
