// Foundation on Linux already declares CGFloat, CGPoint, CGSize and CGRect; CoreGraphics re-exports it so
// `import CoreGraphics` alone gives client code the whole geometry vocabulary, as on Apple platforms.
@_exported import Foundation
