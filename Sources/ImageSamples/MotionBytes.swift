import Foundation

/// Bytes of moving pictures for tests: a JPEG with an XMP packet, the start of an MP4, Google's and Samsung's motion
/// photos made from them.
public enum MotionBytes {
    /// `jpeg` with an APP1 XMP segment (Adobe's namespace) right after its SOI marker.
    public static func withXMP(_ jpeg: Data, _ xmp: String) -> Data {
        let payload = Array("http://ns.adobe.com/xap/1.0/\u{0}".utf8) + Array(xmp.utf8)
        return Data([0xFF, 0xD8, 0xFF, 0xE1] + HeaderBytes.be16(payload.count + 2) + payload) + Data(jpeg.dropFirst(2))
    }

    /// Something that begins like an MP4 (`ftyp` box of 24 bytes), `count` bytes in all: enough for the locator,
    /// not for a player.
    public static func fakeMP4(count: Int = 1000) -> Data {
        let ftyp = HeaderBytes.be32(24) + Array("ftypisom".utf8) + HeaderBytes.be32(512) + Array("isomiso2".utf8)
        return Data(ftyp + [UInt8](repeating: 0x5A, count: max(0, count - ftyp.count)))
    }

    /// Google's first format: `GCamera:MicroVideo` with the clip's offset from the end of the file.
    public static func microVideoXMP(offsetFromEnd: Int) -> String {
        """
        <x:xmpmeta xmlns:x="adobe:ns:meta/"><rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#">
        <rdf:Description rdf:about="" xmlns:GCamera="http://ns.google.com/photos/1.0/camera/"
         GCamera:MicroVideo="1" GCamera:MicroVideoVersion="1" GCamera:MicroVideoOffset="\(offsetFromEnd)"
         GCamera:MicroVideoPresentationTimestampUs="1500000"/></rdf:RDF></x:xmpmeta>
        """
    }

    /// The format Pixels and newer Samsungs write: `Camera:MotionPhoto` and a container directory whose last item is
    /// the clip, `length` bytes, followed by `padding` bytes.
    public static func motionPhotoXMP(length: Int, padding: Int = 0) -> String {
        """
        <x:xmpmeta xmlns:x="adobe:ns:meta/"><rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#">
        <rdf:Description rdf:about="" xmlns:Camera="http://ns.google.com/photos/1.0/camera/"
         xmlns:Container="http://ns.google.com/photos/1.0/container/"
         xmlns:Item="http://ns.google.com/photos/1.0/container/item/"
         Camera:MotionPhoto="1" Camera:MotionPhotoVersion="1" Camera:MotionPhotoPresentationTimestampUs="966000">
        <Container:Directory><rdf:Seq>
        <rdf:li rdf:parseType="Resource"><Container:Item Item:Mime="image/jpeg" Item:Semantic="Primary"
         Item:Length="0" Item:Padding="0"/></rdf:li>
        <rdf:li rdf:parseType="Resource"><Container:Item Item:Mime="video/mp4" Item:Semantic="MotionPhoto"
         Item:Length="\(length)" Item:Padding="\(padding)"/></rdf:li>
        </rdf:Seq></Container:Directory></rdf:Description></rdf:RDF></x:xmpmeta>
        """
    }

    /// Samsung's trailer after `still`: the `MotionPhoto_Data` block holding `clip`, then the `SEFH` directory and
    /// the `SEFT` footer. The clip starts at `still.count + 24`.
    public static func samsung(_ still: Data, clip: Data) -> Data {
        let name = Array("MotionPhoto_Data".utf8)
        let block = [0, 0, 0x30, 0x0A] + HeaderBytes.le32(name.count) + name + [UInt8](clip)
        let directory = Array("SEFH".utf8) + HeaderBytes.le32(106) + HeaderBytes.le32(1)
            + [0, 0, 0x30, 0x0A] + HeaderBytes.le32(block.count) + HeaderBytes.le32(block.count)
        return still + Data(block + directory + HeaderBytes.le32(directory.count) + Array("SEFT".utf8))
    }
}
